import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshPlans } from '@/features/plans/plan-cache.ts';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * Shown when deleting fails and the server said nothing usable (docs/product.md#messages has no text for it).
 */
export const FAILED_DELETE_PLAN = 'Failed to delete plan';

/** DELETE /api/subscription-plans/{id}: people who subscribed to it keep their subscriptions. */
export function deletePlan(id: string): Promise<{ success: true }> {
  return apiFetch<{ success: true }>(`/api/subscription-plans/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => refreshPlans(queryClient),
  });
}
