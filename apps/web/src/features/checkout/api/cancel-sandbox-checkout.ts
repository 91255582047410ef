import { apiFetch } from '@/lib/api-client.ts';
import type { SandboxRedirect } from './pay-sandbox-checkout.ts';

/** POST /api/payments/sandbox/checkout/{sessionId}/cancel: answers the item's page to go back to. */
export function cancelSandboxCheckout(sessionId: string): Promise<SandboxRedirect> {
  return apiFetch<SandboxRedirect>(`/api/payments/sandbox/checkout/${encodeURIComponent(sessionId)}/cancel`, {
    method: 'POST',
  });
}
