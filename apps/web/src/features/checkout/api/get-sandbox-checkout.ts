import type { SandboxCheckout } from '@printmarket/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { checkoutKeys } from './keys.ts';

/** GET /api/payments/sandbox/checkout/{sessionId} (the buyer only; 404 when the sandbox is off). */
export function fetchSandboxCheckout(sessionId: string, signal?: AbortSignal): Promise<SandboxCheckout> {
  return apiFetch<SandboxCheckout>(`/api/payments/sandbox/checkout/${encodeURIComponent(sessionId)}`, {
    signal,
  });
}

export function sandboxCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: checkoutKeys.sandbox(sessionId),
    queryFn: ({ signal }) => fetchSandboxCheckout(sessionId, signal),
    // Paying or cancelling in another tab changes it: never show an old state.
    staleTime: 0,
  });
}

export function useSandboxCheckout(sessionId: string) {
  return useQuery(sandboxCheckoutQueryOptions(sessionId));
}
