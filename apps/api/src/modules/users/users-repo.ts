import { ACCOUNT_COLUMNS } from '../../db/account-columns.ts';
import type { Database } from '../../db/database.ts';
import { sameUsername } from '../../db/same-username.ts';
import type { SocialLinksJson } from '../../db/schema.ts';

/** SQL for people's accounts and profiles. */
export class UsersRepo {
  constructor(private readonly db: Database) {}

  findById(id: string) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The person's own view of their account (the columns of ACCOUNT_COLUMNS). */
  findAccount(id: string) {
    return this.db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** Counted from the rows themselves, so they can never drift from what is stored. */
  async stats(userId: string) {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('designs')
          .where('user_id', '=', userId)
          .where('archived_at', 'is', null)
          .where('withheld_at', 'is', null)
          .select(eb.fn.countAll<number>().as('n'))
          .as('designs'),
        eb
          .selectFrom('follows')
          .where('followee_id', '=', userId)
          .select(eb.fn.countAll<number>().as('n'))
          .as('followers'),
        eb
          .selectFrom('follows')
          .where('follower_id', '=', userId)
          .select(eb.fn.countAll<number>().as('n'))
          .as('following'),
      ])
      .executeTakeFirstOrThrow();
    return {
      designs: Number(row.designs),
      followers: Number(row.followers),
      following: Number(row.following),
    };
  }

  /**
   * Applies a profile change and returns the image keys it replaced (to delete once committed).
   * The row is locked so two edits cannot both change the username. A new name keeps the old one
   * in username_history, in the same transaction, so the old name is never free for a moment.
   * `onRenamed` hears whether the new name is someone's old one; it is asked after the update,
   * because the update may have waited for that someone's rename to commit (the unique index
   * holds the name until then), and only a statement started afterwards sees their old name.
   */
  async updateProfile(
    userId: string,
    change: {
      username?: string;
      bio?: string;
      location?: string;
      socialLinks?: SocialLinksJson;
      profilePictureKey?: string;
      /** A new banner: its key and its half-size copy's. */
      banner?: { key: string; mediumKey: string };
    },
    onLocked: (current: { username: string; last_username_change: Date | null }) => void,
    onRenamed: (facts: { newNameReserved: boolean }) => void,
  ) {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('users')
        .select([
          'username',
          'last_username_change',
          'profile_picture_key',
          'banner_image_key',
          'banner_medium_key',
        ])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      onLocked(current);
      const usernameChanges = change.username !== undefined && change.username !== current.username;
      // Only a different name uses up the one change; fixing its capitals does not.
      const isNewName = usernameChanges && change.username?.toLowerCase() !== current.username.toLowerCase();
      await trx
        .updateTable('users')
        .set({
          ...(usernameChanges ? { username: change.username } : {}),
          ...(isNewName ? { last_username_change: new Date() } : {}),
          ...(change.bio !== undefined ? { bio: change.bio } : {}),
          ...(change.location !== undefined ? { location: change.location } : {}),
          ...(change.socialLinks ? { social_links: JSON.stringify(change.socialLinks) } : {}),
          ...(change.profilePictureKey ? { profile_picture_key: change.profilePictureKey } : {}),
          ...(change.banner
            ? { banner_image_key: change.banner.key, banner_medium_key: change.banner.mediumKey }
            : {}),
          profile_completed: true,
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .execute();
      if (isNewName && change.username !== undefined) {
        await trx
          .insertInto('username_history')
          .values({ username: current.username, user_id: userId })
          .execute();
        const reserved = await trx
          .selectFrom('username_history')
          .select('user_id')
          .where(sameUsername('username', change.username))
          .where('user_id', '<>', userId)
          .executeTakeFirst();
        onRenamed({ newNameReserved: reserved !== undefined });
      }
      return [
        change.profilePictureKey ? current.profile_picture_key : null,
        change.banner ? current.banner_image_key : null,
        change.banner ? current.banner_medium_key : null,
      ].filter((key): key is string => key !== null);
    });
  }
}
