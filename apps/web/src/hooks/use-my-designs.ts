import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import type { DesignCard } from '@printmarket/shared/types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { personKeys } from '@/lib/query-keys.ts';

/** The text when the person's designs cannot be loaded (docs/product.md#collection-messages). */
export const FAILED_FETCH_MY_DESIGNS = COLLECTION_MSG.failedUserDesigns;

/** GET /api/designs/my-designs: the signed-in person's designs as cards, newest first. */
export async function fetchMyDesigns(signal?: AbortSignal): Promise<DesignCard[]> {
  const designs = await apiFetch<DesignCard[]>('/api/designs/my-designs', { signal });
  if (!Array.isArray(designs)) throw new Error(FAILED_FETCH_MY_DESIGNS);
  return designs;
}

/**
 * The dashboard's "My Designs" and the collection forms' design pickers: one call, one cache entry.
 * Under the designs root, so uploads and edits (which invalidate it) refresh it too.
 */
export function useMyDesigns(userId: string) {
  return useQuery({
    queryKey: personKeys.myDesigns(userId),
    queryFn: ({ signal }) => fetchMyDesigns(signal),
    // Both show what is there now; the cached list shows meanwhile.
    staleTime: 0,
  });
}
