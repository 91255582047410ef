import type { PlanType } from '../../db/schema.ts';

/** One billing term after `start`: a calendar month or year. */
export function addTerm(start: Date, planType: PlanType): Date {
  const end = new Date(start);
  if (planType === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
