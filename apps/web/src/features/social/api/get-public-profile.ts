import type { PublicProfile } from '@printmarket/shared/social';
import { SOCIAL_MSG } from '@printmarket/shared/social-messages';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { socialKeys } from './keys.ts';

/** GET /api/user/profile/{username}: the public profile alone (the About tab reads it). */
export async function fetchPublicProfile(username: string, signal?: AbortSignal): Promise<PublicProfile> {
  const body = await apiFetch<PublicProfile>(`/api/user/profile/${encodeURIComponent(username)}`, { signal });
  if (typeof body?.username !== 'string') throw new Error(SOCIAL_MSG.failedFetchUserProfile);
  return body;
}

/** `shown` is the profile already on screen: the tab shows it at once while the call refreshes it. */
export function usePublicProfile(username: string, shown: PublicProfile | undefined) {
  return useQuery({
    queryKey: socialKeys.publicProfile(username),
    queryFn: ({ signal }) => fetchPublicProfile(username, signal),
    placeholderData: shown,
  });
}
