import { type Kysely, sql } from 'kysely';

/**
 * A middle size of each design photo (800 x 600 at most, the gallery picture's whole frame) and
 * of each banner (750 x 250, the banner's crop), for phones: the gallery and the banner name
 * both sizes in `srcset`. Null until made: rows stored before this change get theirs from the
 * medium-image backfill, which finds them through the partial indexes below (they empty as it
 * goes, so they cost nothing once it is done).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('design_files').addColumn('medium_key', 'text').execute();
  await db.schema.alterTable('users').addColumn('banner_medium_key', 'text').execute();
  await sql`
    create index design_files_medium_missing_idx on design_files (storage_key)
    where kind = 'image' and medium_key is null`.execute(db);
  await sql`
    create index users_banner_medium_missing_idx on users (banner_image_key)
    where banner_image_key is not null and banner_medium_key is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_banner_medium_missing_idx`.execute(db);
  await sql`drop index if exists design_files_medium_missing_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('banner_medium_key').execute();
  await db.schema.alterTable('design_files').dropColumn('medium_key').execute();
}
