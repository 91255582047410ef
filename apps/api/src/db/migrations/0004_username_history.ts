import { type Kysely, sql } from 'kysely';

/**
 * The usernames people gave up when they changed theirs (a person may do that once). They stay
 * reserved, so an old profile link leads to the same person (or nowhere), never to a newcomer who
 * took the name. Uniqueness ignores case, as for current usernames.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('username_history')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index username_history_lower_key on username_history (lower(username))`.execute(db);
  await db.schema.createIndex('username_history_user_idx').on('username_history').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('username_history').ifExists().execute();
}
