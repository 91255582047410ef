import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import type { Database } from './database.ts';

describe(`database`, () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  it('runs migrations and round-trips rows with arrays, json and counts as numbers', async () => {
    const user = await db
      .insertInto('users')
      .values({
        username: 'Ada',
        name: 'Ada L',
        email: 'ada@example.com',
        social_links: '{"twitter":"https://t.co/a"}',
      })
      .returning(['id', 'social_links', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(user.social_links).toEqual({ twitter: 'https://t.co/a' });
    expect(user.created_at).toBeInstanceOf(Date);
    await db
      .insertInto('designs')
      .values({ user_id: user.id, slug: 'cube', name: 'Cube', tags: ['a', 'b c'] })
      .execute();
    const row = await db
      .selectFrom('designs')
      .select(['tags', sql<number>`count(*) over ()`.as('total')])
      .executeTakeFirstOrThrow();
    expect(row.tags).toEqual(['a', 'b c']);
    expect(row.total).toBe(1);
  });

  it('rolls back a failed transaction completely', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ username: 'Bob', name: 'B', email: 'bob@example.com' })
          .execute();
        await trx
          .insertInto('users')
          .values({ username: 'bob', name: 'B2', email: 'bob2@example.com' })
          .execute();
      }),
    ).rejects.toThrow();
    const bobs = await db.selectFrom('users').where('email', 'like', 'bob%').selectAll().execute();
    expect(bobs).toHaveLength(0);
  });

  it('serialises concurrent transactions on one embedded connection without losing updates', async () => {
    const design = await db.selectFrom('designs').select('id').executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction().execute((trx) =>
          trx
            .updateTable('designs')
            .set((eb) => ({ views: eb('views', '+', 1) }))
            .where('id', '=', design.id)
            .execute(),
        ),
      ),
    );
    const after = await db
      .selectFrom('designs')
      .select('views')
      .where('id', '=', design.id)
      .executeTakeFirstOrThrow();
    expect(after.views).toBe(20);
  });
});
