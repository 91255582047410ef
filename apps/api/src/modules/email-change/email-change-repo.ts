import type { Database } from '../../db/database.ts';

/** SQL for changing the address of an account (the links are used by module email-verification). */
export class EmailChangeRepo {
  constructor(private readonly db: Database) {}

  findAccount(userId: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'password_hash as passwordHash'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async emailTaken(email: string): Promise<boolean> {
    return Boolean(
      await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    );
  }

  /** Stores the link to the new address; the person's older change links stop working. */
  replaceChangeToken(userId: string, email: string, tokenHash: string, expiresAt: Date): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('email_tokens')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', userId), eb('purpose', '=', 'change')]),
            eb('expires_at', '<', new Date()),
          ]),
        )
        .execute();
      await trx
        .insertInto('email_tokens')
        .values({ token_hash: tokenHash, user_id: userId, purpose: 'change', email, expires_at: expiresAt })
        .execute();
    });
  }
}
