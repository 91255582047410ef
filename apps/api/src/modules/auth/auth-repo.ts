import { sql } from 'kysely';
import { ACCOUNT_COLUMNS } from '../../db/account-columns.ts';
import type { Database } from '../../db/database.ts';
import { prepared } from '../../db/prepared-statements.ts';

/** SQL for sign-up, sign-in and sessions. */
export class AuthRepo {
  constructor(private readonly db: Database) {}

  findCredentialsByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
  }

  /**
   * Which of username / email is already taken (case-insensitive username). Someone's old
   * username counts as taken: it stays theirs (see username_history). One statement, so it sees
   * a racing rename either before (the name is current) or after (it is old), never neither.
   */
  async findTaken(username: string, email: string) {
    const rows = await this.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where((eb) =>
        eb.or([eb(eb.fn('lower', ['username']), '=', username.toLowerCase()), eb('email', '=', email)]),
      )
      .unionAll(
        this.db
          .selectFrom('username_history')
          .select(['username', sql<string>`''`.as('email')])
          .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase())),
      )
      .execute();
    return {
      username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
      email: rows.some((r) => r.email === email),
    };
  }

  createUser(values: { username: string; name: string; email: string; passwordHash: string }) {
    return this.db
      .insertInto('users')
      .values({
        username: values.username,
        name: values.name,
        email: values.email,
        password_hash: values.passwordHash,
      })
      .returning(['id', 'username'])
      .executeTakeFirstOrThrow();
  }

  /**
   * A new session for an account that is not suspended; undefined for a suspended one. The
   * account row is read `for share`, so a suspension under way is waited for and then seen: a
   * sign-in racing a suspension cannot leave a session behind it.
   */
  createSession(userId: string, expiresAt: Date) {
    return this.db
      .insertInto('sessions')
      .columns(['user_id', 'expires_at'])
      .expression(
        this.db
          .selectFrom('users')
          .select((eb) => [eb.val(userId).as('user_id'), eb.val(expiresAt).as('expires_at')])
          .where('id', '=', userId)
          .where('suspended_at', 'is', null)
          .forShare(),
      )
      .returning('id')
      .executeTakeFirst();
  }

  /**
   * Those of the sessions that exist and have not expired, each with its user's account
   * (ACCOUNT_COLUMNS). Every signed-in request is answered by it (see SessionLookups), so it is
   * one fixed statement whatever the number of ids, which PostgreSQL plans once per connection.
   */
  findLiveSessions(sessionIds: string[]) {
    return (
      this.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id as session_id', ...ACCOUNT_COLUMNS])
        .where((eb) => eb('sessions.id', '=', eb.fn.any(eb.val(sessionIds))))
        .where('sessions.expires_at', '>', new Date())
        // Suspension ends the sessions too; this is the second lock on the same door.
        .where('users.suspended_at', 'is', null)
        .$call(prepared)
        .execute()
    );
  }

  async deleteSession(sessionId: string) {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteExpiredSessions() {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
  }
}
