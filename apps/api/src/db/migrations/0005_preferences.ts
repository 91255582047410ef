import { type Kysely, sql } from 'kysely';

/**
 * Settings > Preferences: one row per person who ever saved them (everyone else gets the defaults
 * of packages/shared/src/preferences.ts). Removing the account removes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('home_sort', 'text', (c) =>
      c.notNull().check(sql`home_sort in ('newest', 'most-popular', 'most-downloaded')`),
    )
    .addColumn('auto_open_3d', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_preferences').ifExists().execute();
}
