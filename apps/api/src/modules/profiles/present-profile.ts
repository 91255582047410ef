import type { PublicProfile } from '@printmarket/shared/social';
import type { UserStats } from '@printmarket/shared/types';
import { toPersonFields } from '../users/present-user.ts';
import type { ProfileRow } from './profiles-repo.ts';

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

/** What anyone may see of a person, with their counters. */
export function toPublicProfile(row: ProfileRow): PublicProfile {
  return { ...toPersonFields(row), stats: toStats(row) };
}
