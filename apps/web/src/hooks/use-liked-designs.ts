import { MSG } from '@printmarket/shared/messages';
import type { DesignCard } from '@printmarket/shared/types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { personKeys } from '@/lib/query-keys.ts';

/** GET /api/designs/liked-by/{username}: the designs a person liked, most recently liked first. */
export async function fetchLikedDesigns(username: string, signal?: AbortSignal): Promise<DesignCard[]> {
  const designs = await apiFetch<DesignCard[]>(`/api/designs/liked-by/${encodeURIComponent(username)}`, {
    signal,
  });
  if (!Array.isArray(designs)) throw new Error(MSG.failedFetchDesigns);
  return designs;
}

/** The dashboard's "Liked Designs" and the profile's Likes tab: one call, one cache entry. */
export function useLikedDesigns(username: string) {
  return useQuery({
    queryKey: personKeys.likedDesigns(username),
    queryFn: ({ signal }) => fetchLikedDesigns(username, signal),
    // Likes change on design pages; the lists show the current ones, the cached ones meanwhile.
    staleTime: 0,
  });
}
