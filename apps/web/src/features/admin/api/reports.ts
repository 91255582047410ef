import type {
  AdminReportsResponse,
  ResolveReportInput,
  ResolveReportResponse,
} from '@printmarket/shared/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { refreshAfterDesignChange } from './designs.ts';
import { adminKeys } from './keys.ts';

export type ReportStatus = 'open' | 'resolved';

/** GET /api/admin/reports?status=: the open queue or what was resolved, newest first. */
export function fetchAdminReports(status: ReportStatus, signal?: AbortSignal): Promise<AdminReportsResponse> {
  return apiFetch<AdminReportsResponse>(`/api/admin/reports?${new URLSearchParams({ status })}`, { signal });
}

export function useAdminReports(status: ReportStatus) {
  return useQuery({
    queryKey: adminKeys.reports(status),
    queryFn: ({ signal }) => fetchAdminReports(status, signal),
  });
}

/** POST /api/admin/reports/{id}/resolve: resolves the report and every other open one on its target. */
export function resolveReport(id: string, input: ResolveReportInput): Promise<ResolveReportResponse> {
  return apiFetch<ResolveReportResponse>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, {
    method: 'POST',
    json: input,
  });
}

/**
 * Refreshes both queues and the audit log once a report is resolved (it moved, and was recorded);
 * after a takedown, also what a takedown changes (see refreshAfterDesignChange).
 */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ResolveReportInput & { id: string }) => resolveReport(id, input),
    onSuccess: (_answer, { action }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.allReports }),
        action === 'takedown'
          ? refreshAfterDesignChange(queryClient)
          : queryClient.invalidateQueries({ queryKey: adminKeys.allAudit }),
      ]),
  });
}
