import type { CheckoutResponse } from '@printmarket/shared/payments';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/payments/checkout/create-checkout-session: opens the provider's checkout for one
 * design. 4xx with the server's message for an own design, one already owned, a creator who cannot
 * take payments or a design not sold on its own; 401 when signed out.
 */
export function createDesignCheckout(designId: string): Promise<CheckoutResponse> {
  return apiFetch<CheckoutResponse>('/api/payments/checkout/create-checkout-session', {
    method: 'POST',
    json: { designId },
  });
}
