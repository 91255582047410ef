import { type Kysely, sql } from 'kysely';

/**
 * Search speed (docs/api.md, "Search"). First, the window of most viewed designs a search tests
 * every tier against is read from the popularity index alone: the index carries the columns the
 * tests read, so 1 000 designs cost about 50 index pages instead of 1 000 table pages (for 'vase'
 * on 100 000 designs, 12 ms down to 3 ms on a busy two-core machine). It replaces the plain popularity index, which served the
 * same order, so a views change still updates one index for it. A page whose rows changed since the
 * last vacuum is read from the table as before; designs' counters change all the time, so the table
 * is vacuumed after 2 % of its rows changed rather than 20 %, which keeps that rare.
 *
 * Second, what lets an API instance keep search answers: a generation number that
 * every committed change to what an answer shows moves on, so an instance that finds the number it
 * stored an answer under still current knows nothing has changed since, whichever instance made the
 * change. Views, likes and downloads counters are left out: they change all the time, and answers
 * expire after a short while anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index designs_popular_idx`.execute(db);
  await sql`
    create index designs_popular_idx on designs (views desc, created_at desc, id desc)
    include (name, category, is_paid, tags, search_vector)`.execute(db);
  await sql`alter table designs set (autovacuum_vacuum_scale_factor = 0.02)`.execute(db);

  // One row. `bumped_by` is the transaction that last moved the number on, so a transaction that
  // changes 100 000 rows moves it once.
  await sql`
    create table search_generation (
      one boolean primary key default true check (one),
      generation bigint not null default 0,
      bumped_by bigint
    )`.execute(db);
  await sql`insert into search_generation default values`.execute(db);
  await sql`
    create function search_generation_bump() returns trigger language plpgsql
    as $$
    begin
      update search_generation set generation = generation + 1, bumped_by = txid_current()
      where bumped_by is distinct from txid_current();
      return null;
    end
    $$`.execute(db);
  // Deferred to the commit, so the row is locked only for its last moment: design changes in
  // concurrent transactions do not queue behind each other for their whole length.
  const watch = async (name: string, table: string, events: string) => {
    await sql`
      create constraint trigger ${sql.raw(name)} after ${sql.raw(events)} on ${sql.raw(table)}
      deferrable initially deferred for each row execute function search_generation_bump()`.execute(db);
  };
  // Everything a search answer shows or matches on, but the counters.
  await watch(
    'designs_search_generation',
    'designs',
    'insert or delete or update of user_id, slug, name, description, category, tags, is_paid, price_cents, created_at',
  );
  // Card pictures (and previews rendered after an upload).
  await watch('design_files_search_generation', 'design_files', 'insert or delete or update');
  // Owners on cards and the people an answer lists.
  await watch(
    'users_search_generation',
    'users',
    'insert or delete or update of username, name, bio, profile_picture_key',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_search_generation on users`.execute(db);
  await sql`drop trigger if exists design_files_search_generation on design_files`.execute(db);
  await sql`drop trigger if exists designs_search_generation on designs`.execute(db);
  await sql`drop function if exists search_generation_bump()`.execute(db);
  await sql`drop table if exists search_generation`.execute(db);
  await sql`alter table designs reset (autovacuum_vacuum_scale_factor)`.execute(db);
  await sql`drop index if exists designs_popular_idx`.execute(db);
  await sql`create index designs_popular_idx on designs (views desc, created_at desc, id desc)`.execute(db);
}
