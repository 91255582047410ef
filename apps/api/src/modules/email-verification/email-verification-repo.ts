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
   * Uses a mailed link, in one transaction: deletes it, then either confirms the address it was
   * sent to (`verify`, only while the account still has that address) or moves the account to the
   * new address it was sent to, confirmed (`change`; a unique violation if another account took
   * that address meanwhile, and then nothing changes). What the link did, or undefined when it was
   * not live (used, expired, unknown, or for an address since changed).
   */
  useToken(tokenHash: string): Promise<{ purpose: 'verify' | 'change'; email: string } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .deleteFrom('email_tokens')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', new Date())
        .returning(['user_id', 'purpose', 'email'])
        .executeTakeFirst();
      if (!used) return undefined;
      const changed =
        used.purpose === 'verify'
          ? await trx
              .updateTable('users')
              .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(new Date())) }))
              .where('id', '=', used.user_id)
              .where('email', '=', used.email)
              .returning('email')
              .executeTakeFirst()
          : await trx
              .updateTable('users')
              .set({ email: used.email, email_verified_at: new Date(), updated_at: new Date() })
              .where('id', '=', used.user_id)
              .returning('email')
              .executeTakeFirst();
      return changed && { purpose: used.purpose, email: changed.email };
    });
  }
}
