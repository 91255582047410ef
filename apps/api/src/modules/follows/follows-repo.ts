import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isLiveAccount } from '../../db/live-account.ts';
import type { DB } from '../../db/schema.ts';

export type FollowCounts = { followers: number; following: number };

/**
 * SQL for follows. Counts are read from the follows rows, so they always equal them. A change
 * first locks the followed person's row (FOR NO KEY UPDATE: it still lets the follows foreign
 * keys take their share locks, so two people following each other cannot deadlock), which queues
 * changes to one person's followers: the count each answer carries is the real count at a moment.
 * A repeated follow or unfollow meets the primary key and changes nothing.
 */
export class FollowRepo {
  constructor(private readonly db: Database) {}

  userExists(userId: string): Promise<boolean> {
    return isLiveAccount(this.db, userId);
  }

  async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('follows')
      .select('follower_id')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followeeId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Undefined when the person to follow does not exist (any more). */
  follow(followerId: string, followeeId: string): Promise<FollowCounts | undefined> {
    return this.#changeFollowersOf(followeeId, async (trx) => {
      await trx
        .insertInto('follows')
        .values({ follower_id: followerId, followee_id: followeeId })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .execute();
    });
  }

  /** Undefined when the person to unfollow does not exist (any more). */
  unfollow(followerId: string, followeeId: string): Promise<FollowCounts | undefined> {
    return this.#changeFollowersOf(followeeId, async (trx) => {
      await trx
        .deleteFrom('follows')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .execute();
    });
  }

  #changeFollowersOf(followeeId: string, change: (trx: Transaction<DB>) => Promise<void>) {
    return this.db.transaction().execute(async (trx) => {
      const followee = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', followeeId)
        // A deleted or suspended account is followed by nobody; the lock waits for a deletion or
        // suspension under way.
        .where('deleted_at', 'is', null)
        .where('suspended_at', 'is', null)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!followee) return undefined;
      await change(trx);
      const counts = await trx
        .selectNoFrom((eb) => [
          eb
            .selectFrom('follows')
            .where('followee_id', '=', followeeId)
            .select(eb.fn.countAll<number>().as('n'))
            .as('followers'),
          eb
            .selectFrom('follows')
            .where('follower_id', '=', followeeId)
            .select(eb.fn.countAll<number>().as('n'))
            .as('following'),
        ])
        .executeTakeFirstOrThrow();
      return { followers: Number(counts.followers), following: Number(counts.following) };
    });
  }
}
