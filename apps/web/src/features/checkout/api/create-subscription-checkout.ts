import type { CheckoutResponse, PlanType } from '@printmarket/shared/payments';
import { apiFetch } from '@/lib/api-client.ts';

export type SubscriptionCheckoutInput = { collectionId: string; planId: string; planType: PlanType };

/** POST /api/payments/checkout/create-subscription-session: a plan covering the collection, billed monthly or yearly. */
export function createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<CheckoutResponse> {
  return apiFetch<CheckoutResponse>('/api/payments/checkout/create-subscription-session', {
    method: 'POST',
    json: input,
  });
}
