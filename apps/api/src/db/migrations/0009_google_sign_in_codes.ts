import { type Kysely, sql } from 'kysely';

/**
 * The one-time codes the Google callback hands the browser instead of a session token. Only
 * hashes are stored: the code travels in the browser's address, and the browser key in an
 * httpOnly cookie, so neither may be readable from a database copy. In the database rather than
 * in memory because the exchange may reach another API instance than the callback did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('google_sign_in_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_key_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_new', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('google_sign_in_codes').ifExists().execute();
}
