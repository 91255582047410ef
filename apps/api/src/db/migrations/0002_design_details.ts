import { type Kysely, sql } from 'kysely';

/**
 * What uploads and the design page need: STL analysis and rendered previews per file, collections
 * (a design belongs to at most one, by a single column), and the view log that counts a viewer at
 * most once an hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('design_files')
    .addColumn('analysis', 'jsonb')
    .addColumn('preview_key', 'text')
    .addColumn('preview_card_key', 'text')
    .execute();

  await db.schema
    .createTable('collections')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'text', (c) =>
      c.notNull().defaultTo('public').check(sql`visibility in ('public', 'private')`),
    )
    .addColumn('cover_image_key', 'text')
    .addColumn('pricing_type', 'text', (c) =>
      c.notNull().defaultTo('free').check(sql`pricing_type in ('free', 'oneTime', 'subscription')`),
    )
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`price_cents >= 0`))
    .addColumn('allow_individual_purchase', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('collections_user_idx')
    .on('collections')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .alterTable('designs')
    .addColumn('collection_id', 'uuid', (c) => c.references('collections.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('designs_collection_idx').on('designs').column('collection_id').execute();
  // `/design/{slug}` links (without the username) find the newest design with that slug.
  await sql`create index designs_slug_idx on designs (slug, created_at desc)`.execute(db);

  // One row per design, viewer and hour: a view counts only when its row is new.
  await db.schema
    .createTable('design_views')
    .addColumn('design_id', 'uuid', (c) => c.notNull().references('designs.id').onDelete('cascade'))
    .addColumn('viewer', 'text', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('design_views_pkey', ['design_id', 'viewer', 'hour'])
    .execute();
  await db.schema.createIndex('design_views_hour_idx').on('design_views').column('hour').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('design_views').ifExists().execute();
  await db.schema.alterTable('designs').dropColumn('collection_id').execute();
  await db.schema.dropTable('collections').ifExists().execute();
  await db.schema
    .alterTable('design_files')
    .dropColumn('analysis')
    .dropColumn('preview_key')
    .dropColumn('preview_card_key')
    .execute();
}
