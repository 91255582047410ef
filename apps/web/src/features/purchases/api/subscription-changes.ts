import type { CancelResponse, PurchasesResponse, ResumeResponse } from '@printmarket/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { rootKeys } from '@/lib/query-keys.ts';
import { purchaseKeys } from './keys.ts';

/**
 * POST /api/purchases/cancel: stops the renewal. Cancellation takes effect at the end of the paid
 * term, so the answer is the subscription, canceled, with access until its endDate.
 */
export function cancelSubscription(subscriptionId: string): Promise<CancelResponse> {
  return apiFetch<CancelResponse>('/api/purchases/cancel', { method: 'POST', json: { subscriptionId } });
}

/**
 * POST /api/purchases/resume: a canceled subscription that still runs renews again. Nothing is
 * charged now; the answer is the subscription, renewing.
 */
export function resumeSubscription(subscriptionId: string): Promise<ResumeResponse> {
  return apiFetch<ResumeResponse>('/api/purchases/resume', { method: 'POST', json: { subscriptionId } });
}

export const useCancelSubscription = () => useSubscriptionChange(cancelSubscription);
export const useResumeSubscription = () => useSubscriptionChange(resumeSubscription);

/** A change of one subscription: the lists show the answer at once, then refresh to confirm it. */
function useSubscriptionChange(change: (subscriptionId: string) => Promise<CancelResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData<PurchasesResponse>(purchaseKeys.mine, (old) =>
        old
          ? {
              ...old,
              subscriptions: old.subscriptions.map((s) => (s._id === subscription._id ? subscription : s)),
            }
          : old,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
      // Collection pages show the viewer's subscription ('Access until …', Resume while canceled).
      void queryClient.invalidateQueries({ queryKey: rootKeys.collectionPages });
    },
  });
}
