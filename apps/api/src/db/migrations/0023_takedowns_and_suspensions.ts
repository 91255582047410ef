import { type Kysely, sql } from 'kysely';

/**
 * Takedowns and suspensions, the operators' two ways of withholding content.
 *
 * - `designs.taken_down_at` / `takedown_reason`: an operator took the design down; the owner may
 *   answer once (`takedown_reply`, `takedown_reply_at`; the reply also goes to the audit log).
 * - `users.suspended_at` / `suspension_reason`: an operator suspended the account.
 * - `designs.withheld_at` and `collections.withheld_at`: set while the design is taken down or its
 *   owner suspended (a collection: while its owner is suspended). Every listing and access check
 *   reads this one column of the row it already has, instead of joining the owner; the operators'
 *   actions keep it in step in the transaction that takes down, restores, suspends or lifts.
 *
 * Search answers are kept under a generation (migration 0011), so the withheld columns and the
 * suspension move it on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('suspension_reason', 'text')
    .execute();
  await db.schema
    .alterTable('designs')
    .addColumn('taken_down_at', 'timestamptz')
    .addColumn('takedown_reason', 'text')
    .addColumn('takedown_reply', 'text')
    .addColumn('takedown_reply_at', 'timestamptz')
    .addColumn('withheld_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('collections').addColumn('withheld_at', 'timestamptz').execute();
  await watchForSearch(db, ', archived_at, withheld_at', ', deleted_at, suspended_at');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await watchForSearch(db, ', archived_at', ', deleted_at');
  await db.schema.alterTable('collections').dropColumn('withheld_at').execute();
  await db.schema
    .alterTable('designs')
    .dropColumn('withheld_at')
    .dropColumn('takedown_reply_at')
    .dropColumn('takedown_reply')
    .dropColumn('takedown_reason')
    .dropColumn('taken_down_at')
    .execute();
  await db.schema.alterTable('users').dropColumn('suspension_reason').dropColumn('suspended_at').execute();
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
