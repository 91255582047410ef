import type { FollowStatus } from '@printmarket/shared/social';
import { useQuery } from '@tanstack/react-query';
import { xTokenHeader } from '@/features/social/x-token.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { socialKeys } from './keys.ts';

/** GET /api/follow/status/{userId}: whether the signed-in person follows this one. */
export function fetchFollowStatus(userId: string, signal?: AbortSignal): Promise<FollowStatus> {
  return apiFetch<FollowStatus>(`/api/follow/status/${encodeURIComponent(userId)}`, {
    signal,
    headers: xTokenHeader(),
  });
}

/** Only asked for signed-in people looking at someone else's profile. */
export function useFollowStatus(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: socialKeys.followStatus(userId),
    queryFn: ({ signal }) => fetchFollowStatus(userId, signal),
    enabled,
  });
}
