import { z } from 'zod';

/** What may be reported: a design, a collection, or a person (their profile). */
export const REPORT_TARGET_TYPES = ['design', 'collection', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['copyright', 'prohibited', 'spam', 'harassment', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as the report dialog offers them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  copyright: 'Copyright infringement (it copies someone’s work)',
  prohibited: 'Prohibited item (weapons, illegal or dangerous objects)',
  spam: 'Spam or misleading',
  harassment: 'Harassment or hateful content',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX_LENGTH = 2000;
export const REPORT_SENT = 'Thank you. Our team will look at your report.';
export const REPORT_ALREADY_OPEN = 'You have already reported this. Our team will look at it.';
export const REPORT_TARGET_MISSING = 'There is nothing to report here any more.';
export const REPORT_DETAILS_REQUIRED = 'Please describe the problem.';

/** Body of `POST /api/reports`. Details are asked for when the reason alone says too little. */
export const reportSchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, { error: 'targetType must be design, collection or user.' }),
    targetId: z.string({ error: 'targetId is required.' }).min(1, 'targetId is required.').max(100),
    reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason.' }),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX_LENGTH, `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters.`)
      .default(''),
  })
  .refine((report) => !['copyright', 'other'].includes(report.reason) || report.details.length > 0, {
    message: REPORT_DETAILS_REQUIRED,
    path: ['details'],
  });
export type ReportInput = z.input<typeof reportSchema>;

export type ReportResponse = { id: string; message: string };

/** The copyright page: how to send a notice, and a counter-notice. */
export const COPYRIGHT_PATH = '/copyright';
