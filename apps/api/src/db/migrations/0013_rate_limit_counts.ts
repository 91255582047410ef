import { type Kysely, sql } from 'kysely';

/**
 * Rate-limit counts (sign-in failures, sign-ups, wrong current passwords), shared by every API
 * instance on this database so that N instances still allow the limit once, and kept across a
 * restart. Unlogged: a count is written on every sign-in attempt, and without WAL such a write
 * does not wait for a disk flush; after a crash of PostgreSQL itself (not a clean restart) the
 * table comes back empty, which only forgets a few minutes of counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counts')
    .modifyFront(sql`unlogged`)
    .addColumn('counter', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resets_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counts_pkey', ['counter', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counts').ifExists().execute();
}
