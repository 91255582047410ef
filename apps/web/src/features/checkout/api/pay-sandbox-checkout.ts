import { apiFetch } from '@/lib/api-client.ts';

export type SandboxRedirect = { redirectUrl: string };

/**
 * POST /api/payments/sandbox/checkout/{sessionId}/pay: the sandbox delivers a signed payment event
 * to the server's webhook (which grants access) and answers where the buyer goes next.
 */
export function paySandboxCheckout(sessionId: string): Promise<SandboxRedirect> {
  return apiFetch<SandboxRedirect>(`/api/payments/sandbox/checkout/${encodeURIComponent(sessionId)}/pay`, {
    method: 'POST',
  });
}
