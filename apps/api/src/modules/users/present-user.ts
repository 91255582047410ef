import type { CurrentUser } from '@printmarket/shared/types';
import type { AccountRow } from '../../db/account-columns.ts';
import type { UserRow } from '../../db/schema.ts';
import { publicImageUrl } from '../../lib/public-images.ts';

/** The columns every view of a person reads (the owner's own and a public profile). */
export type PersonRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'name'
  | 'bio'
  | 'location'
  | 'profile_picture_key'
  | 'banner_image_key'
  | 'banner_medium_key'
  | 'social_links'
  | 'created_at'
>;

/**
 * What anyone may see of a person, the owner included; images as public `/uploads/…` paths, as
 * everywhere else, and every social link present (empty when not set).
 */
export function toPersonFields(row: PersonRow) {
  const links = row.social_links ?? {};
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    name: row.name,
    bio: row.bio,
    location: row.location,
    profilePicture: publicImageUrl(row.profile_picture_key),
    bannerImage: publicImageUrl(row.banner_image_key),
    bannerImageMedium: publicImageUrl(row.banner_medium_key),
    socialLinks: {
      instagram: links.instagram ?? '',
      twitter: links.twitter ?? '',
      custom: links.custom ?? '',
    },
    createdAt: row.created_at.toISOString(),
  };
}

/** The signed-in person's own view of their account: everyone's view plus what only they see. */
export function toCurrentUser(row: AccountRow, isAdmin: boolean): CurrentUser {
  return {
    ...toPersonFields(row),
    email: row.email,
    lastUsernameChange: row.last_username_change ? row.last_username_change.toISOString() : null,
    profileCompleted: row.profile_completed,
    emailVerified: row.email_verified_at !== null,
    isAdmin,
  };
}
