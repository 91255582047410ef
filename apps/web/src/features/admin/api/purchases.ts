import type {
  AdminPurchaseResponse,
  AdminPurchasesResponse,
  OperatorReasonInput,
} from '@printmarket/shared/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client.ts';
import { adminKeys } from './keys.ts';
import { MIN_SEARCH_LENGTH } from './users.ts';

/** GET /api/admin/purchases?q=: by order number (or its first characters), buyer or seller. */
export function fetchAdminPurchases(q: string, signal?: AbortSignal): Promise<AdminPurchasesResponse> {
  return apiFetch<AdminPurchasesResponse>(`/api/admin/purchases?${new URLSearchParams({ q })}`, { signal });
}

/** Asks only once a search of at least two characters was made (`q` empty: none yet). */
export function useAdminPurchases(q: string) {
  return useQuery({
    queryKey: adminKeys.purchases(q),
    queryFn: ({ signal }) => fetchAdminPurchases(q, signal),
    enabled: q.length >= MIN_SEARCH_LENGTH,
  });
}

/** POST /api/admin/purchases/{id}/refund: 409 when it was already refunded. */
export function refundPurchase(id: string, reason: string): Promise<AdminPurchaseResponse> {
  return apiFetch<AdminPurchaseResponse>(`/api/admin/purchases/${encodeURIComponent(id)}/refund`, {
    method: 'POST',
    json: { reason } satisfies OperatorReasonInput,
  });
}

/**
 * Refunds one purchase. The purchase as the server now has it replaces the old one in every search
 * shown, and the audit log is asked again.
 */
export function useRefundPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => refundPurchase(id, reason),
    onSuccess: ({ purchase }) => {
      queryClient.setQueriesData<AdminPurchasesResponse>({ queryKey: adminKeys.allPurchases }, (old) =>
        old ? { purchases: old.purchases.map((p) => (p.id === purchase.id ? purchase : p)) } : old,
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.allAudit });
    },
    // Already refunded (409): the searches are asked again, so the purchase shows it.
    onError: (error) =>
      error instanceof ApiError && error.status === 409
        ? queryClient.invalidateQueries({ queryKey: adminKeys.allPurchases })
        : undefined,
  });
}
