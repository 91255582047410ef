import type { AuditFilter } from './audit.ts';

const all = ['admin'] as const;

export const adminKeys = {
  all,
  reports: (status: 'open' | 'resolved') => [...all, 'reports', status] as const,
  /** Every page of the reports queue, open and resolved: a dismissal moves reports between them. */
  allReports: [...all, 'reports'] as const,
  audit: (filter: AuditFilter) => [...all, 'audit', filter] as const,
  allAudit: [...all, 'audit'] as const,
  /** The taken-down designs. */
  designs: [...all, 'designs'] as const,
  users: (q: string) => [...all, 'users', q] as const,
  /** Every search of people: a suspension changes a person in any of them. */
  allUsers: [...all, 'users'] as const,
  purchases: (q: string) => [...all, 'purchases', q] as const,
  /** Every search of purchases: a refund changes a purchase in any of them. */
  allPurchases: [...all, 'purchases'] as const,
};
