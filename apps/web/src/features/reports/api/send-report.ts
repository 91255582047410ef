import type { ReportInput, ReportResponse } from '@printmarket/shared/reports';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/reports: a signed-in person's report of a design, collection or profile, for an
 * operator to review. Refused with 409 ALREADY_REPORTED while the same person's earlier report of
 * the same thing is still open, and with 429 after too many reports in an hour.
 */
export function sendReport(report: ReportInput): Promise<ReportResponse> {
  return apiFetch<ReportResponse>('/api/reports', { method: 'POST', json: report });
}

export function useSendReportMutation() {
  return useMutation({ mutationFn: sendReport });
}
