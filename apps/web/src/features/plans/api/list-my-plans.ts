import { PLAN_MSG, type SubscriptionPlan } from '@printmarket/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLANS_KEY } from '@/features/plans/plan-cache.ts';
import { apiFetch } from '@/lib/api-client.ts';

/** GET /api/subscription-plans (signed in): the seller's own plans. */
export async function fetchMyPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  const plans = await apiFetch<SubscriptionPlan[]>('/api/subscription-plans', { signal });
  // The product's own words for an answer that is not a list (docs/product.md#payment-messages).
  if (!Array.isArray(plans)) throw new Error(PLAN_MSG.unexpected);
  return plans;
}

/** Signing out empties the cache, so the key needs no user id: it never holds another seller's plans. */
export const myPlansQueryOptions = queryOptions({
  queryKey: [...PLANS_KEY, 'mine'] as const,
  queryFn: ({ signal }) => fetchMyPlans(signal),
});

export function useMyPlans(enabled = true) {
  return useQuery({ ...myPlansQueryOptions, enabled });
}
