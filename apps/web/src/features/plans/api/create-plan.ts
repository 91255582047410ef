import type { SubscriptionPlan } from '@printmarket/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshPlans } from '@/features/plans/plan-cache.ts';
import type { PlanRequestBody } from '@/features/plans/plan-form.ts';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/subscription-plans: 201 with the new plan; 400 with the plan messages of
 * docs/product.md#validation, 409 'Plan limit reached (4)' at the limit.
 */
export function createPlan(body: PlanRequestBody): Promise<SubscriptionPlan> {
  return apiFetch<SubscriptionPlan>('/api/subscription-plans', { method: 'POST', json: body });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => refreshPlans(queryClient),
  });
}
