import type { PublicProfile } from '@printmarket/shared/social';
import { SOCIAL_MSG } from '@printmarket/shared/social';
import { notFound } from '../../lib/errors.ts';
import { toPublicProfile } from './present-profile.ts';
import type { ProfileRepo } from './profiles-repo.ts';

/**
 * A profile lookup finds the person, or (by a name they gave up) says where they are now. Old
 * names stay reserved, so a moved answer always names the same person.
 */
export type ProfileLookup = { found: PublicProfile } | { movedTo: string };

export class ProfileService {
  constructor(private readonly repo: ProfileRepo) {}

  async byUsername(username: string): Promise<ProfileLookup> {
    const row = await this.repo.findByUsername(username);
    if (row) return { found: toPublicProfile(row) };
    const current = await this.repo.currentUsernameOf(username);
    if (current) return { movedTo: current };
    throw notFound(SOCIAL_MSG.userNotFound, 'USER_NOT_FOUND');
  }
}
