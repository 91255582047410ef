import type { ProfileResponse } from '@printmarket/shared/social';
import { SOCIAL_MSG } from '@printmarket/shared/social-messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { socialKeys } from './keys.ts';

/**
 * GET /api/profile/username/{username}: the person and their counters. For a name someone gave
 * up, the API redirects to their current name and the browser follows; the answer then carries
 * that name and the page moves its address there.
 */
export async function fetchProfile(username: string, signal?: AbortSignal): Promise<ProfileResponse> {
  const body = await apiFetch<ProfileResponse>(`/api/profile/username/${encodeURIComponent(username)}`, {
    signal,
  });
  if (typeof body?.user?.username !== 'string' || typeof body.stats?.followers !== 'number') {
    throw new Error(SOCIAL_MSG.failedFetchProfile);
  }
  return body;
}

export function profileQueryOptions(username: string) {
  return queryOptions({
    queryKey: socialKeys.profile(username),
    queryFn: ({ signal }) => fetchProfile(username, signal),
  });
}

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}
