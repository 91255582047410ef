import type { ExpressionBuilder } from 'kysely';
import { PUBLIC_PROFILE_COLUMNS } from '../../db/account-columns.ts';
import type { Database } from '../../db/database.ts';
import { sameUsername } from '../../db/same-username.ts';
import type { DB } from '../../db/schema.ts';

/**
 * A person's counters, counted from the rows themselves so they never drift from what is stored:
 * designs they own, people following them, people they follow.
 */
export function statsColumns(eb: ExpressionBuilder<DB, 'users'>) {
  return [
    eb
      .selectFrom('designs')
      .whereRef('designs.user_id', '=', 'users.id')
      .where('designs.archived_at', 'is', null)
      .where('designs.withheld_at', 'is', null)
      .select((c) => c.fn.countAll<number>().as('n'))
      .as('designs_count'),
    eb
      .selectFrom('follows')
      .whereRef('follows.followee_id', '=', 'users.id')
      .select((c) => c.fn.countAll<number>().as('n'))
      .as('followers_count'),
    eb
      .selectFrom('follows')
      .whereRef('follows.follower_id', '=', 'users.id')
      .select((c) => c.fn.countAll<number>().as('n'))
      .as('following_count'),
  ] as const;
}

/** SQL for public profiles: the public columns only (never the email or password). */
export class ProfileRepo {
  constructor(private readonly db: Database) {}

  /**
   * The person with this username, whatever its case, with their counters, in one query. A deleted
   * account has no profile: its username is only kept from others.
   */
  findByUsername(username: string) {
    return this.db
      .selectFrom('users')
      .select((eb) => [...PUBLIC_PROFILE_COLUMNS, ...statsColumns(eb)])
      .where(sameUsername('users.username', username))
      .where('users.deleted_at', 'is', null)
      .where('users.suspended_at', 'is', null)
      .executeTakeFirst();
  }

  /** The current username of whoever gave up `oldUsername`, if anyone did. */
  async currentUsernameOf(oldUsername: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('username_history')
      .innerJoin('users', 'users.id', 'username_history.user_id')
      .select('users.username')
      .where(sameUsername('username_history.username', oldUsername))
      .where('users.deleted_at', 'is', null)
      .where('users.suspended_at', 'is', null)
      .executeTakeFirst();
    return row?.username;
  }
}

export type ProfileRow = NonNullable<Awaited<ReturnType<ProfileRepo['findByUsername']>>>;
