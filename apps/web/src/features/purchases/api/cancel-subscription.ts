import type { CancelResponse, PurchasesResponse } from '@printmarket/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { myPurchasesQueryKey } from './my-purchases.ts';

/**
 * POST /api/purchases/cancel: stops the renewal. Cancellation takes effect at the end of the paid
 * term, so the answer is the subscription, canceled, with access until its endDate.
 */
export function cancelSubscription(subscriptionId: string): Promise<CancelResponse> {
  return apiFetch<CancelResponse>('/api/purchases/cancel', { method: 'POST', json: { subscriptionId } });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: ({ subscription }) => {
      // The table shows the answer at once; the refresh below confirms it.
      queryClient.setQueryData<PurchasesResponse>(myPurchasesQueryKey, (old) =>
        old
          ? {
              ...old,
              subscriptions: old.subscriptions.map((s) => (s._id === subscription._id ? subscription : s)),
            }
          : old,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['purchases'] });
      // Collection pages show the viewer's subscription ('Access until …').
      void queryClient.invalidateQueries({ queryKey: ['collections', 'detail'] });
    },
  });
}
