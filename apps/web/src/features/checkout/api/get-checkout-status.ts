import type { CheckoutStatus } from '@printmarket/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { checkoutKeys } from './keys.ts';

/**
 * GET /api/payments/checkout/status?session_id=: how the buyer's checkout stands. It only reads:
 * access is granted on the server when the payment event arrives, never by this call.
 * 404 for a session that is unknown or not the buyer's.
 */
export function fetchCheckoutStatus(sessionId: string, signal?: AbortSignal): Promise<CheckoutStatus> {
  return apiFetch<CheckoutStatus>(
    `/api/payments/checkout/status?session_id=${encodeURIComponent(sessionId)}`,
    { signal },
  );
}

export function checkoutStatusQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: checkoutKeys.status(sessionId),
    queryFn: ({ signal }) => fetchCheckoutStatus(sessionId, signal),
    // Each answer is a moment's state; the page asks again until it settles.
    staleTime: 0,
    retry: false,
  });
}

type CheckoutStatusOptions = {
  enabled: boolean;
  /** Milliseconds until the next question, or false to stop asking. */
  refetchInterval: (status: CheckoutStatus | undefined) => number | false;
};

export function useCheckoutStatus(sessionId: string, { enabled, refetchInterval }: CheckoutStatusOptions) {
  return useQuery({
    ...checkoutStatusQueryOptions(sessionId),
    enabled,
    refetchInterval: (query) => refetchInterval(query.state.data),
    // A buyer who looks at another tab while paying still finds the answer on return.
    refetchIntervalInBackground: true,
  });
}
