import { type Kysely, sql } from 'kysely';

/**
 * Email addresses people have shown they own. `email_verified_at` is set when the person opens
 * the link mailed to their address; Google accounts' addresses are confirmed by Google, so theirs
 * are marked at once (here for the existing ones). `email_tokens` keeps the links' token hashes:
 * `verify` confirms the current address, `change` moves the account to `email` (a new address)
 * once its owner opens the link sent there. A row is deleted when its link is used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
  await sql`update users set email_verified_at = now() where google_sub is not null`.execute(db);
  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify', 'change')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_tokens_user_id_idx').on('email_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_tokens').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
