import type { Database } from '../../db/database.ts';

/** The account a reset mail goes to; Google-only accounts have no password. */
export type ResetAccount = {
  id: string;
  username: string;
  name: string;
  email: string;
  hasPassword: boolean;
};

/** SQL for password reset links. */
export class PasswordResetRepo {
  constructor(private readonly db: Database) {}

  findAccountByEmail(email: string): Promise<ResetAccount | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'email'])
      .select((eb) => eb('password_hash', 'is not', null).$castTo<boolean>().as('hasPassword'))
      .where('email', '=', email)
      .executeTakeFirst();
  }

  /**
   * Stores a new link for the person. Their older links stop working (only the newest mail's link
   * opens the account), and expired links of anyone are removed on the way.
   */
  replaceToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('password_reset_tokens')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<', new Date())]))
        .execute();
      await trx
        .insertInto('password_reset_tokens')
        .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
        .execute();
    });
  }

  /** The account a live (unused, unexpired) link belongs to. */
  findTokenAccount(tokenHash: string): Promise<Omit<ResetAccount, 'hasPassword'> | undefined> {
    return this.db
      .selectFrom('password_reset_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['u.id', 'u.username', 'u.name', 'u.email'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.expires_at', '>', new Date())
      .executeTakeFirst();
  }

  /**
   * Uses the link: in one transaction it is deleted (so a second use, even a parallel one, finds
   * nothing), the password is replaced, every session of the person ends and any pending change of
   * their address is dropped. False when the link was no longer live.
   */
  useToken(tokenHash: string, newPasswordHash: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .deleteFrom('password_reset_tokens')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', new Date())
        .returning('user_id')
        .executeTakeFirst();
      if (!used) return false;
      await trx
        .updateTable('users')
        .set({ password_hash: newPasswordHash, updated_at: new Date() })
        .where('id', '=', used.user_id)
        .execute();
      await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
      // A pending change of address may be a thief's, asked for with a stolen session.
      await trx
        .deleteFrom('email_tokens')
        .where('user_id', '=', used.user_id)
        .where('purpose', '=', 'change')
        .execute();
      return true;
    });
  }
}
