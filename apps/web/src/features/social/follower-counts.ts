import type { FollowResponse, ProfileResponse } from '@printmarket/shared/social';

/**
 * The cached profile with the counters a follow call answered: the count on screen is the
 * server's, never a local guess.
 */
export function withFollowCounts(
  profile: ProfileResponse,
  counts: FollowResponse['updatedStats'],
): ProfileResponse {
  const stats = { ...profile.stats, followers: counts.followers, following: counts.following };
  return { user: { ...profile.user, stats }, stats };
}
