import type { Database } from '../../db/database.ts';

export type PendingSignIn = { codeVerifier: string; nonce: string; expiresAt: Date };
export type GoogleAccount = { id: string; googleSub: string | null; profileCompleted: boolean };
export type SignInCode = {
  codeHash: string;
  browserKeyHash: string;
  userId: string;
  isNew: boolean;
  expiresAt: Date;
};

/**
 * SQL for Google sign-in: the pending sign-ins between redirect and callback, the one-time codes
 * between callback and exchange, and account lookup.
 */
export class GoogleRepo {
  constructor(private readonly db: Database) {}

  async savePendingSignIn(state: string, pending: PendingSignIn): Promise<void> {
    await this.db
      .insertInto('oauth_states')
      .values({
        state,
        code_verifier: pending.codeVerifier,
        nonce: pending.nonce,
        expires_at: pending.expiresAt,
      })
      .execute();
  }

  /**
   * Removes and returns the pending sign-in in one statement, so two callbacks carrying the same
   * state cannot both find it: the second (a replay) gets nothing.
   */
  async takePendingSignIn(state: string): Promise<PendingSignIn | undefined> {
    const row = await this.db
      .deleteFrom('oauth_states')
      .where('state', '=', state)
      .returning(['code_verifier', 'nonce', 'expires_at'])
      .executeTakeFirst();
    return row && { codeVerifier: row.code_verifier, nonce: row.nonce, expiresAt: row.expires_at };
  }

  /** Sign-ins that were started and never came back would otherwise stay forever. */
  async deleteExpiredPendingSignIns(): Promise<void> {
    await this.db.deleteFrom('oauth_states').where('expires_at', '<=', new Date()).execute();
  }

  async saveSignInCode(code: SignInCode): Promise<void> {
    await this.db
      .insertInto('google_sign_in_codes')
      .values({
        code_hash: code.codeHash,
        browser_key_hash: code.browserKeyHash,
        user_id: code.userId,
        is_new: code.isNew,
        expires_at: code.expiresAt,
      })
      .execute();
  }

  /**
   * Removes and returns the code in one statement, only when it comes with the browser key it was
   * issued to: two exchanges of one code cannot both succeed, and a code presented by another
   * browser is left for its own browser.
   */
  async takeSignInCode(codeHash: string, browserKeyHash: string) {
    const row = await this.db
      .deleteFrom('google_sign_in_codes')
      .where('code_hash', '=', codeHash)
      .where('browser_key_hash', '=', browserKeyHash)
      .returning(['user_id', 'is_new', 'expires_at'])
      .executeTakeFirst();
    return row && { userId: row.user_id, isNew: row.is_new, expiresAt: row.expires_at };
  }

  /** Codes nobody exchanged (the page was closed) would otherwise stay forever. */
  async deleteExpiredSignInCodes(): Promise<void> {
    await this.db.deleteFrom('google_sign_in_codes').where('expires_at', '<=', new Date()).execute();
  }

  findByGoogleSub(googleSub: string): Promise<GoogleAccount | undefined> {
    return this.#accounts().where('google_sub', '=', googleSub).executeTakeFirst();
  }

  /** `email` must already be lower-cased, as stored. */
  findByEmail(email: string): Promise<GoogleAccount | undefined> {
    return this.#accounts().where('email', '=', email).executeTakeFirst();
  }

  /**
   * Links a Google account to an existing one, only while it has no Google account yet; undefined
   * when another sign-in linked it first. Nobody ever proved they own the email of a password
   * sign-up, so the password and every open session are dropped in the same transaction: someone
   * who registered the address before its owner cannot keep a way into the owner's account.
   */
  linkGoogleSub(userId: string, googleSub: string): Promise<GoogleAccount | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const linked = await trx
        .updateTable('users')
        // Google vouches for the address: it is confirmed from now on.
        .set({
          google_sub: googleSub,
          password_hash: null,
          email_verified_at: new Date(),
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .where('google_sub', 'is', null)
        .returning(['id', 'google_sub as googleSub', 'profile_completed as profileCompleted'])
        .executeTakeFirst();
      if (linked) await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      return linked;
    });
  }

  /**
   * Lower-cased usernames that start with `prefix` (letters and digits only, so no LIKE escaping),
   * current ones and old ones people gave up (those stay reserved for them).
   */
  async usernamesStartingWith(prefix: string): Promise<Set<string>> {
    const pattern = `${prefix.toLowerCase()}%`;
    const rows = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn<string>('lower', ['username']).as('name'))
      .where((eb) => eb(eb.fn('lower', ['username']), 'like', pattern))
      .unionAll(
        this.db
          .selectFrom('username_history')
          .select((eb) => eb.fn<string>('lower', ['username']).as('name'))
          .where((eb) => eb(eb.fn('lower', ['username']), 'like', pattern)),
      )
      .execute();
    return new Set(rows.map((r) => r.name));
  }

  /** A Google-only account: no password, profile still to be set up. */
  createGoogleUser(values: { username: string; name: string; email: string; googleSub: string }) {
    return this.db
      .insertInto('users')
      .values({
        username: values.username,
        name: values.name,
        email: values.email,
        google_sub: values.googleSub,
        password_hash: null,
        profile_completed: false,
        email_verified_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async isSuspended(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('suspended_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  #accounts() {
    return this.db
      .selectFrom('users')
      .select(['id', 'google_sub as googleSub', 'profile_completed as profileCompleted']);
  }
}
