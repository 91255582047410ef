import { type Kysely, sql } from 'kysely';

/**
 * Deleted accounts. `users.deleted_at` marks an account its owner deleted: the row stays, emptied,
 * so its username stays reserved and the records of its sales and purchases keep their other side.
 * `designs.archived_at` is a design no longer shown or sold, kept for those who hold it (buyers,
 * and subscribers for the period that was running), as `collections.archived_at` already is.
 * Search answers are kept under a generation (migration 0011), so both columns move it on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'timestamptz').execute();
  await db.schema.alterTable('designs').addColumn('archived_at', 'timestamptz').execute();
  await watchForSearch(db, ', archived_at', ', deleted_at');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await watchForSearch(db, '', '');
  await db.schema.alterTable('designs').dropColumn('archived_at').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}

/** Migration 0011's triggers again, watching the designs' and users' columns named here too. */
async function watchForSearch(db: Kysely<unknown>, designColumns: string, userColumns: string) {
  await sql`drop trigger if exists designs_search_generation on designs`.execute(db);
  await sql`drop trigger if exists users_search_generation on users`.execute(db);
  await sql`
    create constraint trigger designs_search_generation after insert or delete or update of
      user_id, slug, name, description, category, tags, is_paid, price_cents, created_at${sql.raw(designColumns)}
    on designs deferrable initially deferred for each row execute function search_generation_bump()`.execute(
    db,
  );
  await sql`
    create constraint trigger users_search_generation after insert or delete or update of
      username, name, bio, profile_picture_key${sql.raw(userColumns)}
    on users deferrable initially deferred for each row execute function search_generation_bump()`.execute(
    db,
  );
}
