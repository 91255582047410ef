import type { QueryClient } from '@tanstack/react-query';

/** Every cached list of plans lives under this key: the seller's own and each collection's. */
export const PLANS_KEY = ['plans'] as const;

/**
 * After a plan changed, every list of plans is asked again: the seller's own (the dashboard's grid
 * and counter) and the ones a collection page's chooser shows, whose plans may have gained or lost
 * a collection.
 */
export function refreshPlans(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: PLANS_KEY });
}
