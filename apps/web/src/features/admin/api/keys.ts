import type { AuditFilter } from './audit.ts';

const all = ['admin'] as const;

export const adminKeys = {
  all,
  reports: (status: 'open' | 'resolved') => [...all, 'reports', status] as const,
  /** Every page of the reports queue, open and resolved: a dismissal moves reports between them. */
  allReports: [...all, 'reports'] as const,
  audit: (filter: AuditFilter) => [...all, 'audit', filter] as const,
  allAudit: [...all, 'audit'] as const,
};
