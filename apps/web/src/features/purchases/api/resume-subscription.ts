import type { PurchasesResponse, ResumeResponse } from '@printmarket/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { myPurchasesQueryKey } from './my-purchases.ts';

/**
 * POST /api/purchases/resume: a canceled subscription that still runs renews again. Nothing is
 * charged now; the answer is the subscription, renewing.
 */
export function resumeSubscription(subscriptionId: string): Promise<ResumeResponse> {
  return apiFetch<ResumeResponse>('/api/purchases/resume', { method: 'POST', json: { subscriptionId } });
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: ({ subscription }) => {
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
      // Collection pages show the viewer's subscription and offer Resume while it is canceled.
      void queryClient.invalidateQueries({ queryKey: ['collections', 'detail'] });
    },
  });
}
