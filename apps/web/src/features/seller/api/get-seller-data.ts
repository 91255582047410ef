import type { SellerData } from '@printmarket/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * Shown when the seller's figures cannot be loaded and the server says nothing (no text in
 * docs/product.md#messages).
 */
export const FAILED_SELLER_DATA = 'Failed to load your earnings';

/** GET /api/payments/payouts/seller-data (signed in): earnings and the connected account's state. */
export function fetchSellerData(signal?: AbortSignal): Promise<SellerData> {
  return apiFetch<SellerData>('/api/payments/payouts/seller-data', { signal });
}

export const sellerDataQueryOptions = queryOptions({
  queryKey: ['seller', 'data'] as const,
  queryFn: ({ signal }) => fetchSellerData(signal),
  // Earnings and onboarding change elsewhere (a sale, the provider's pages): ask on every visit.
  staleTime: 0,
});

export function useSellerData(enabled = true) {
  return useQuery({ ...sellerDataQueryOptions, enabled });
}
