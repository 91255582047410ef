import type { CurrentUser } from '@printmarket/shared/types';
import type { UserRow } from '../../db/schema.ts';
import { publicImageUrl } from '../../lib/public-images.ts';

/** The signed-in person's own view of their account. */
export function toCurrentUser(row: UserRow): CurrentUser {
  const links = row.social_links ?? {};
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    bio: row.bio,
    location: row.location,
    profilePicture: publicImageUrl(row.profile_picture_key),
    bannerImage: publicImageUrl(row.banner_image_key),
    socialLinks: {
      instagram: links.instagram ?? '',
      twitter: links.twitter ?? '',
      custom: links.custom ?? '',
    },
    lastUsernameChange: row.last_username_change ? row.last_username_change.toISOString() : null,
    profileCompleted: row.profile_completed,
    createdAt: row.created_at.toISOString(),
  };
}
