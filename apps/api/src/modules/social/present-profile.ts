import type { PublicProfile } from '@printmarket/shared/social';
import type { UserStats } from '@printmarket/shared/types';
import { publicImageUrl } from '../../lib/public-images.ts';
import type { ProfileRow } from './profile-repo.ts';

/** The counters of a row read with `statsColumns` (counts may arrive as numbers or numeric text). */
export function toStats(row: {
  designs_count: unknown;
  followers_count: unknown;
  following_count: unknown;
}): UserStats {
  return {
    designs: Number(row.designs_count),
    followers: Number(row.followers_count),
    following: Number(row.following_count),
  };
}

/** What anyone may see of a person; images as public `/uploads/…` paths, as everywhere else. */
export function toPublicProfile(row: ProfileRow): PublicProfile {
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
    socialLinks: {
      instagram: links.instagram ?? '',
      twitter: links.twitter ?? '',
      custom: links.custom ?? '',
    },
    createdAt: row.created_at.toISOString(),
    stats: toStats(row),
  };
}
