/**
 * Public profiles and follows (docs/product.md#public-profile, docs/product.md#social):
 * answer shapes, request schemas, sort orders and the texts both sides show.
 */
import { z } from 'zod';
import type { SocialLinks } from './auth.ts';
import { PROFILE_DESIGN_SORT_DEFAULT, PROFILE_DESIGN_SORTS } from './profile-sorts.ts';
import type { UserStats } from './types.ts';

// Apart, so that the profile screens, which show these, do not load zod with the schemas.
export {
  PROFILE_DESIGN_SORT_DEFAULT,
  PROFILE_DESIGN_SORT_LABELS,
  PROFILE_DESIGN_SORTS,
  type ProfileDesignSort,
} from './profile-sorts.ts';
export { SOCIAL_MSG } from './social-messages.ts';

/** What anyone may see of a person: never the email or account internals. */
export type PublicProfile = {
  _id: string;
  id: string;
  username: string;
  name: string;
  bio: string;
  location: string;
  profilePicture: string | null;
  bannerImage: string | null;
  /** The banner at half size (750 x 250); null without a banner, or until the backfill made it. */
  bannerImageMedium: string | null;
  socialLinks: SocialLinks;
  /** When the account was made: the profile's join date. */
  createdAt: string;
  stats: UserStats;
};

/** GET /api/profile/username/{username} (GET /api/user/profile/{username} answers the profile alone). */
export type ProfileResponse = { user: PublicProfile; stats: UserStats };

/**
 * The body of the 301 a profile lookup by someone's old username gets (with `Location` naming the
 * same call under the current username).
 */
export type UsernameChangedBody = { message: string; code: 'USERNAME_CHANGED'; currentUsername: string };
export const USERNAME_CHANGED = 'USERNAME_CHANGED';

export const profileDesignSortSchema = z
  .enum(PROFILE_DESIGN_SORTS, { error: `sort must be one of ${PROFILE_DESIGN_SORTS.join(', ')}.` })
  .optional()
  .default(PROFILE_DESIGN_SORT_DEFAULT);

/** Query of GET /api/designs/username/{username}. */
export const profileDesignsQuerySchema = z.object({ sort: profileDesignSortSchema });

/** Body of POST /api/follow/follow and /api/follow/unfollow. */
export const followRequestSchema = z.object({
  targetUserId: z.string({ error: 'targetUserId is required.' }).trim().min(1, 'targetUserId is required.'),
});
export type FollowRequest = z.input<typeof followRequestSchema>;

export type FollowStatus = { isFollowing: boolean };

/** The followed person's counters after the change (`updatedStats.followers`, docs/product.md#calls). */
export type FollowResponse = {
  isFollowing: boolean;
  updatedStats: { followers: number; following: number };
};
