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
 * Body of `POST /api/admin/reports/{id}/resolve`. Either resolves every open report on the same
 * target; `takedown` (design reports only) also takes the design down, with the note as reason.
 */
export const resolveReportSchema = z.object({
  action: z.enum(['dismiss', 'takedown'], { error: 'action must be dismiss or takedown.' }),
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

const reasonText = z
  .string({ error: 'Give a reason.' })
  .trim()
  .min(1, 'Give a reason.')
  .max(2000, 'The reason must be at most 2000 characters.');

/**
 * Body of the operators' actions that need a reason: `POST /api/admin/designs/{id}/takedown`,
 * `/api/admin/users/{id}/suspend`, `/api/admin/purchases/{id}/refund` and
 * `/api/admin/designs/{id}/refund-buyers`. The reason goes to the audit log (and, for a
 * takedown or a suspension, to the person it concerns).
 */
export const operatorReasonSchema = z.object({ reason: reasonText });
export type OperatorReasonInput = z.input<typeof operatorReasonSchema>;

/** Body of `/restore` and `/unsuspend`: a note for the audit log, optional. */
export const operatorNoteSchema = z.object({
  reason: z.string().trim().max(2000, 'The reason must be at most 2000 characters.').default(''),
});

/** A design's takedown as its owner and operators see it (null: not taken down). */
export type DesignTakedown = {
  at: string;
  reason: string;
  /** The owner's one reply, once given. */
  reply: { at: string; message: string } | null;
};

/** Body of `POST /api/designs/{id}/takedown-reply`, the owner's one reply to a takedown. */
export const takedownReplySchema = z.object({
  message: z
    .string({ error: 'Write your reply.' })
    .trim()
    .min(1, 'Write your reply.')
    .max(5000, 'The reply must be at most 5000 characters.'),
});
export type TakedownReplyInput = z.input<typeof takedownReplySchema>;
export const TAKEDOWN_REPLY_SENT = 'Your reply was sent to the operators.';
export const TAKEDOWN_ALREADY_REPLIED = 'You have already replied to this takedown.';

/** A design in the console's list of taken-down designs, and the answer of takedown/restore. */
export type AdminDesign = {
  id: string;
  name: string;
  path: string;
  ownerUsername: string;
  takedown: DesignTakedown | null;
};
export type AdminDesignsResponse = { designs: AdminDesign[] };

/** The 403 message of sign-in, with or without Google, for a suspended account. */
export const ACCOUNT_SUSPENDED = 'This account is suspended.';

/** `GET /api/admin/users?q=`: people by username, name or email (at least 2 characters). */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters.').max(100),
});
export type AdminUser = {
  id: string;
  username: string;
  name: string;
  email: string;
  createdAt: string;
  designs: number;
  suspension: { at: string; reason: string } | null;
  deleted: boolean;
};
export type AdminUsersResponse = { users: AdminUser[] };

/** `GET /api/admin/purchases?q=`: by order number (or its first characters), buyer or seller. */
export const adminPurchasesQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters.').max(100),
});
export type AdminPurchase = {
  id: string;
  /** The first 9 characters of the id, as receipts show it. */
  orderNumber: string;
  createdAt: string;
  kind: 'design' | 'collection';
  itemName: string;
  priceCents: number;
  currency: string;
  buyer: { id: string; username: string };
  seller: { id: string; username: string };
  refund: { at: string; reason: string } | null;
  dispute: { at: string; status: 'open' | 'won' | 'lost' } | null;
};
export type AdminPurchasesResponse = { purchases: AdminPurchase[] };
export type RefundBuyersResponse = { refunded: number };

/** Answers of takedown and restore, suspend and unsuspend, refund, and the owner's reply (201). */
export type AdminDesignResponse = { design: AdminDesign };
export type AdminUserResponse = { user: AdminUser };
export type AdminPurchaseResponse = { purchase: AdminPurchase };
export type TakedownReplyResponse = { takedown: DesignTakedown };
