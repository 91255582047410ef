import type { Database } from '../../db/database.ts';

/** SQL for changing a password from Settings > Security. */
export class PasswordChangeRepo {
  constructor(private readonly db: Database) {}

  /** The stored hash; `passwordHash` is null for accounts that only sign in with Google. */
  findPasswordHash(userId: string) {
    return this.db
      .selectFrom('users')
      .select('password_hash as passwordHash')
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Replaces the password, ends every other session of the person and drops any pending change of
   * their address, in one transaction.
   * The hash is swapped only while it is still the one that was checked (a second change racing
   * this one finds it gone), and only while the session asking still exists (it may have been
   * ended meanwhile). Answers how many other sessions ended, or undefined when nothing changed.
   */
  replacePassword(
    userId: string,
    checkedHash: string,
    newHash: string,
    keepSessionId: string,
  ): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const session = await trx
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', keepSessionId)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!session) return undefined;
      const changed = await trx
        .updateTable('users')
        .set({ password_hash: newHash, updated_at: new Date() })
        .where('id', '=', userId)
        .where('password_hash', '=', checkedHash)
        .returning('id')
        .executeTakeFirst();
      if (!changed) return undefined;
      const ended = await trx
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id', '<>', keepSessionId)
        .returning('id')
        .execute();
      // A pending change of address may be a thief's, asked for with a stolen session.
      await trx
        .deleteFrom('email_tokens')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'change')
        .execute();
      return ended.length;
    });
  }
}
