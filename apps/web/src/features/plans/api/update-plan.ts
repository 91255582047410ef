import type { SubscriptionPlan } from '@printmarket/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshPlans } from '@/features/plans/plan-cache.ts';
import type { PlanRequestBody } from '@/features/plans/plan-form.ts';
import { apiFetch } from '@/lib/api-client.ts';

/** PUT /api/subscription-plans/{id} (the plan's seller): the same body as create; answers the plan. */
export function updatePlan(id: string, body: PlanRequestBody): Promise<SubscriptionPlan> {
  return apiFetch<SubscriptionPlan>(`/api/subscription-plans/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: body,
  });
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PlanRequestBody }) => updatePlan(id, body),
    onSuccess: () => refreshPlans(queryClient),
  });
}
