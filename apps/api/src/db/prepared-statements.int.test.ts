import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import type { Database } from './database.ts';
import { prepared } from './prepared-statements.ts';

describe('prepared statements', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    await db
      .insertInto('users')
      .values([
        { username: 'Ada', name: 'Ada L', email: 'ada@example.com' },
        { username: 'Bob', name: 'Bob B', email: 'bob@example.com' },
      ])
      .execute();
  });
  afterAll(() => drop());

  /** What this connection has prepared (PostgreSQL keeps prepared statements per connection). */
  const preparedOn = async (conn: Database) =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(conn)
    ).rows;

  it('runs a marked statement under one name per connection, with each call its own values', async () => {
    await db.connection().execute(async (conn) => {
      const byEmail = (email: string) =>
        conn
          .selectFrom('users')
          .select(['username'])
          .where('email', '=', email)
          .$call(prepared)
          .executeTakeFirst();
      expect(await byEmail('ada@example.com')).toEqual({ username: 'Ada' });
      expect(await byEmail('bob@example.com')).toEqual({ username: 'Bob' });
      expect(await byEmail('nobody@example.com')).toBeUndefined();
      await conn.selectFrom('users').select(['name']).where('username', '=', 'Ada').execute();
      const statements = await preparedOn(conn);
      expect(statements).toHaveLength(1);
      expect(statements[0]?.name).toMatch(/^prepared_[0-9a-f]{32}$/);
      expect(statements[0]?.statement).toContain('"email" = $1');
    });
  });

  it('prepares no more than 64 different statements, and still runs the ones past that', async () => {
    await db.connection().execute(async (conn) => {
      for (let i = 0; i < 70; i++) {
        const row = await conn
          .selectFrom('users')
          .select([sql.lit(i).as('n')])
          .where('username', '=', 'Bob')
          .$call(prepared)
          .executeTakeFirstOrThrow();
        expect(row.n).toBe(i);
      }
      // The first test's statement counts towards the cap too; it may have used another connection.
      expect((await preparedOn(conn)).length).toBeLessThanOrEqual(64);
      expect((await preparedOn(conn)).length).toBeGreaterThanOrEqual(63);
    });
  });
});
