import { COLLECTION_MSG } from '@printmarket/shared/collections';
import type { DesignCard } from '@printmarket/shared/types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const FAILED_FETCH_USER_DESIGNS = COLLECTION_MSG.failedUserDesigns;

/** GET /api/designs/my-designs: the signed-in creator's designs, the choices of the design pickers. */
export async function fetchCreatorDesigns(signal?: AbortSignal): Promise<DesignCard[]> {
  const designs = await apiFetch<DesignCard[]>('/api/designs/my-designs', { signal });
  if (!Array.isArray(designs)) throw new Error(FAILED_FETCH_USER_DESIGNS);
  return designs;
}

/**
 * The same call and answer as the dashboard's "My Designs", under the same key, so the two share one
 * cache entry; under 'designs', so uploads and edits (which invalidate ['designs']) refresh it.
 */
export function useCreatorDesigns(userId: string, enabled = true) {
  return useQuery({
    queryKey: ['designs', 'mine', userId] as const,
    queryFn: ({ signal }) => fetchCreatorDesigns(signal),
    // A picker must show what is there now; the cached list shows meanwhile.
    staleTime: 0,
    enabled,
  });
}
