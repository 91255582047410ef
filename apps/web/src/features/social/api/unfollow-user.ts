import type { FollowRequest, FollowResponse } from '@printmarket/shared/social';
import { xTokenHeader } from '@/features/social/x-token.ts';
import { apiFetch } from '@/lib/api-client.ts';

/** POST /api/follow/unfollow {targetUserId}: answers the state and the person's new counters. */
export function unfollowUser(targetUserId: string): Promise<FollowResponse> {
  return apiFetch<FollowResponse>('/api/follow/unfollow', {
    method: 'POST',
    headers: xTokenHeader(),
    json: { targetUserId } satisfies FollowRequest,
  });
}
