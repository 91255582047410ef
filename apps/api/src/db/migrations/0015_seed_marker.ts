import { type Kysely, sql } from 'kysely';

/**
 * One-time steps the instances sharing this database have done, by name ('seeded': the demo
 * content was added, or there was content already). Several API instances start together on one
 * database; the marker, read under an advisory lock, lets exactly one of them do such a step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('startup_markers')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('done_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('startup_markers').ifExists().execute();
}
