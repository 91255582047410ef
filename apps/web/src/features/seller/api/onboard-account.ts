import type { ConnectResponse } from '@printmarket/shared/payments';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/payments/stripe-connect/connect/onboard: the address to send the seller to. The
 * provider's onboarding while it is unfinished, the account's dashboard once it is done; in test
 * mode the app's own /sandbox/connect/{accountId} page.
 */
export function onboardAccount(): Promise<ConnectResponse> {
  return apiFetch<ConnectResponse>('/api/payments/stripe-connect/connect/onboard', { method: 'POST' });
}
