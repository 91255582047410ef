import type { CheckoutResponse } from '@printmarket/shared/payments';
import { apiFetch } from '@/lib/api-client.ts';

/** POST /api/payments/checkout/create-collection-session: a one-time purchase of a whole collection. */
export function createCollectionCheckout(collectionId: string): Promise<CheckoutResponse> {
  return apiFetch<CheckoutResponse>('/api/payments/checkout/create-collection-session', {
    method: 'POST',
    json: { collectionId },
  });
}
