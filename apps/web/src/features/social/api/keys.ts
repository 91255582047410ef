import type { ProfileDesignSort } from '@printmarket/shared/profile-sorts';
import { rootKeys } from '@/lib/query-keys.ts';

const all = ['social'] as const;

/** The query keys of profiles and follows. Names match whatever their case, so the keys do too. */
export const socialKeys = {
  all,
  profile: (username: string) => [...all, 'profile', username.toLowerCase()] as const,
  publicProfile: (username: string) => [...all, 'public-profile', username.toLowerCase()] as const,
  followStatus: (userId: string) => [...all, 'follow-status', userId] as const,
  /**
   * A person's designs in the chosen order. Filed under the designs root, so whatever refreshes
   * designs (an upload, an edit) refreshes the profile's list too.
   */
  userDesigns: (username: string, sort: ProfileDesignSort) =>
    [...rootKeys.designs, 'by-user', username.toLowerCase(), sort] as const,
};
