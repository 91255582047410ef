import type { PurchasesResponse } from '@printmarket/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * Shown when the purchases cannot be loaded and the server said nothing usable (not in
 * docs/product.md#messages).
 */
export const FAILED_FETCH_PURCHASES = 'Failed to fetch purchases';

/** GET /api/purchases/my: the signed-in person's design and collection purchases and subscriptions. */
export function fetchMyPurchases(signal?: AbortSignal): Promise<PurchasesResponse> {
  return apiFetch<PurchasesResponse>('/api/purchases/my', { signal });
}

/** Personal: the session clears it on sign-out with every other cached answer but the config. */
export const myPurchasesQueryKey = ['purchases', 'mine'] as const;

export const myPurchasesQueryOptions = queryOptions({
  queryKey: myPurchasesQueryKey,
  queryFn: ({ signal }) => fetchMyPurchases(signal),
});

export function useMyPurchases(enabled = true) {
  return useQuery({ ...myPurchasesQueryOptions, enabled });
}
