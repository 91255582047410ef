import { type Kysely, sql } from 'kysely';

/**
 * Keys an upload is storing and has not committed yet, held under a lease that the uploading
 * instance renews while it writes. The leftovers sweep keeps every object a live lease names,
 * however old, so a long upload on another instance is never taken for an abandoned one; a lease
 * that ran out means its instance stopped, and its objects become ordinary leftovers. Lease ends
 * are set from the database's clock, so instances' clocks need not agree.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_uploads')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('keys', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index pending_uploads_keys on pending_uploads using gin (keys)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_uploads').ifExists().execute();
}
