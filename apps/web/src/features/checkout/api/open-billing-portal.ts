import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/** The provider's customer portal; null in sandbox mode, which has none. */
export type BillingPortalResponse = { url: string | null };

/** POST /api/payments/billing-portal: where the buyer manages payment methods and invoices. */
export function openBillingPortal(): Promise<BillingPortalResponse> {
  return apiFetch<BillingPortalResponse>('/api/payments/billing-portal', { method: 'POST' });
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
