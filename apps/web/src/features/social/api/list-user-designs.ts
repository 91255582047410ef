import { MSG } from '@printmarket/shared/messages';
import type { ProfileDesignSort } from '@printmarket/shared/profile-sorts';
import type { DesignCard } from '@printmarket/shared/types';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { socialKeys } from './keys.ts';

/** GET /api/designs/username/{username}?sort=: the person's designs as cards, in the chosen order. */
export async function fetchUserDesigns(
  username: string,
  sort: ProfileDesignSort,
  signal?: AbortSignal,
): Promise<DesignCard[]> {
  const search = new URLSearchParams({ sort });
  const designs = await apiFetch<DesignCard[]>(
    `/api/designs/username/${encodeURIComponent(username)}?${search}`,
    { signal },
  );
  if (!Array.isArray(designs)) throw new Error(MSG.failedFetchDesigns);
  return designs;
}

export function userDesignsQueryOptions(username: string, sort: ProfileDesignSort) {
  return queryOptions({
    queryKey: socialKeys.userDesigns(username, sort),
    queryFn: ({ signal }) => fetchUserDesigns(username, sort, signal),
    // Another order keeps the cards on screen (marked stale) until the new order arrives.
    placeholderData: keepPreviousData,
  });
}

export function useUserDesigns(username: string, sort: ProfileDesignSort) {
  return useQuery(userDesignsQueryOptions(username, sort));
}
