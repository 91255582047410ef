import type { QueryClient } from '@tanstack/react-query';
import { planKeys } from '@/features/plans/api/keys.ts';

/**
 * After a plan changed, every list of plans is asked again: the seller's own (the dashboard's grid
 * and counter) and the ones a collection page's chooser shows, whose plans may have gained or lost
 * a collection.
 */
export function refreshPlans(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: planKeys.all });
}
