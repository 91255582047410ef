import { PLAN_MSG, type SubscriptionPlan } from '@printmarket/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { planKeys } from './keys.ts';

/** GET /api/subscription-plans/for-collection/{collectionId} (anyone): the plans that cover it. */
export async function fetchPlansForCollection(
  collectionId: string,
  signal?: AbortSignal,
): Promise<SubscriptionPlan[]> {
  const plans = await apiFetch<SubscriptionPlan[]>(
    `/api/subscription-plans/for-collection/${encodeURIComponent(collectionId)}`,
    { signal },
  );
  if (!Array.isArray(plans)) throw new Error(PLAN_MSG.unexpected);
  return plans;
}

export function plansForCollectionQueryOptions(collectionId: string) {
  return queryOptions({
    queryKey: planKeys.forCollection(collectionId),
    queryFn: ({ signal }) => fetchPlansForCollection(collectionId, signal),
    // Asked each time the chooser opens: a price seen a while ago may have changed since.
    staleTime: 0,
  });
}

export function usePlansForCollection(collectionId: string, enabled = true) {
  return useQuery({ ...plansForCollectionQueryOptions(collectionId), enabled });
}
