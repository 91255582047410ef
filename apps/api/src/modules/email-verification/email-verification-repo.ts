import type { Database } from '../../db/database.ts';

/** SQL for confirming email addresses. */
export class EmailVerificationRepo {
  constructor(private readonly db: Database) {}

  findAccount(userId: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .select((eb) => eb('email_verified_at', 'is not', null).$castTo<boolean>().as('verified'))
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Stores a new confirmation link for the person's address; their older ones stop working, and
   * expired links of anyone are removed on the way.
   */
  replaceVerifyToken(userId: string, email: string, tokenHash: string, expiresAt: Date): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('email_tokens')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', userId), eb('purpose', '=', 'verify')]),
            eb('expires_at', '<', new Date()),
          ]),
        )
        .execute();
      await trx
        .insertInto('email_tokens')
        .values({ token_hash: tokenHash, user_id: userId, purpose: 'verify', email, expires_at: expiresAt })
        .execute();
    });
  }

  /**
   * Uses a confirmation link: deletes it and marks the address confirmed, in one transaction, only
   * while the account still has the address the link was sent to. The address confirmed, or
   * undefined when the link was not live (used, expired, unknown, or for an address since changed).
   */
  useVerifyToken(tokenHash: string): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .deleteFrom('email_tokens')
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', 'verify')
        .where('expires_at', '>', new Date())
        .returning(['user_id', 'email'])
        .executeTakeFirst();
      if (!used) return undefined;
      const confirmed = await trx
        .updateTable('users')
        .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(new Date())) }))
        .where('id', '=', used.user_id)
        .where('email', '=', used.email)
        .returning('email')
        .executeTakeFirst();
      return confirmed?.email;
    });
  }
}
