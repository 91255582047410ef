import { z } from 'zod';
import type { ReportReason, ReportTargetType } from './reports.ts';

/** The 403 of every /api/admin call to someone signed in who is not an operator. */
export const OPERATORS_ONLY = 'Only operators may do this.';

/** `GET /api/admin/reports?status=`: the open queue (the default) or what was resolved. */
export const adminReportsQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved.' }).default('open'),
});

/** One report in the operators' queue, with a preview of what it is about. */
export type AdminReport = {
  id: string;
  status: 'open' | 'resolved';
  reason: ReportReason;
  details: string;
  createdAt: string;
  reporter: { id: string; username: string };
  target: {
    type: ReportTargetType;
    id: string;
    /** The design's or collection's name, or the person's username; null once it is gone. */
    label: string | null;
    /** Its page, for the operator to look at; null once it is gone. */
    path: string | null;
    /** Whose it is (for a person: themselves). */
    ownerUsername: string | null;
  };
  /** Open reports on the same target, this one included. */
  openReportsOnTarget: number;
  resolution: { action: 'dismiss' | 'takedown'; note: string; by: string; at: string } | null;
};
export type AdminReportsResponse = { reports: AdminReport[] };

/**
 * Body of `POST /api/admin/reports/{id}/resolve`. Dismissing resolves every open report on the
 * same target. (Taking a design down comes with takedowns.)
 */
export const resolveReportSchema = z.object({
  action: z.enum(['dismiss'], { error: 'action must be dismiss.' }),
  note: z.string().trim().max(2000, 'The note must be at most 2000 characters.').default(''),
});
export type ResolveReportInput = z.input<typeof resolveReportSchema>;
export type ResolveReportResponse = { resolved: number };

/** `GET /api/admin/audit`: newest first, filtered by any of these; `before` pages on. */
export const auditQuerySchema = z.object({
  actor: z.string().max(40).optional(),
  action: z.string().max(60).optional(),
  targetType: z.string().max(20).optional(),
  targetId: z.string().max(100).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditLine = {
  id: number;
  at: string;
  actor: { id: string; username: string };
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
};
export type AuditResponse = { entries: AuditLine[]; nextBefore: number | null };
