import type {
  AdminDesignResponse,
  AdminDesignsResponse,
  OperatorReasonInput,
  RefundBuyersResponse,
} from '@printmarket/shared/admin';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { rootKeys } from '@/lib/query-keys.ts';
import { adminKeys } from './keys.ts';

const designPath = (id: string, action: string) => `/api/admin/designs/${encodeURIComponent(id)}/${action}`;

/** GET /api/admin/designs: the taken-down designs, newest first. */
export function fetchTakenDownDesigns(signal?: AbortSignal): Promise<AdminDesignsResponse> {
  return apiFetch<AdminDesignsResponse>('/api/admin/designs', { signal });
}

export function useTakenDownDesigns() {
  return useQuery({ queryKey: adminKeys.designs, queryFn: ({ signal }) => fetchTakenDownDesigns(signal) });
}

/** POST /api/admin/designs/{id}/takedown: hides the design from everyone but its owner and operators. */
export function takeDownDesign(id: string, reason: string): Promise<AdminDesignResponse> {
  return apiFetch<AdminDesignResponse>(designPath(id, 'takedown'), {
    method: 'POST',
    json: { reason } satisfies OperatorReasonInput,
  });
}

/** POST /api/admin/designs/{id}/restore: puts the design back up; the reason is optional. */
export function restoreDesign(id: string, reason: string): Promise<AdminDesignResponse> {
  return apiFetch<AdminDesignResponse>(designPath(id, 'restore'), { method: 'POST', json: { reason } });
}

/** POST /api/admin/designs/{id}/refund-buyers: refunds every buyer of the design. */
export function refundBuyers(id: string, reason: string): Promise<RefundBuyersResponse> {
  return apiFetch<RefundBuyersResponse>(designPath(id, 'refund-buyers'), {
    method: 'POST',
    json: { reason } satisfies OperatorReasonInput,
  });
}

/**
 * What a takedown or a restore changes: the console's taken-down designs and log, and everything
 * that shows designs (the design's page, with or without its notice; the lists it leaves or joins).
 */
export const refreshAfterDesignChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.designs }),
    queryClient.invalidateQueries({ queryKey: adminKeys.allAudit }),
    queryClient.invalidateQueries({ queryKey: rootKeys.designs }),
  ]);

type DesignAction = { id: string; reason: string };

export function useTakeDownDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: DesignAction) => takeDownDesign(id, reason),
    onSuccess: () => refreshAfterDesignChange(queryClient),
  });
}

export function useRestoreDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: DesignAction) => restoreDesign(id, reason),
    onSuccess: () => refreshAfterDesignChange(queryClient),
  });
}

/** Refunds change the purchases the console may show, and are recorded in the log. */
export function useRefundBuyers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: DesignAction) => refundBuyers(id, reason),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.allPurchases }),
        queryClient.invalidateQueries({ queryKey: adminKeys.allAudit }),
      ]),
  });
}
