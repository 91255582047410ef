import { type Kysely, sql } from 'kysely';

/**
 * Keeping what people paid for:
 * - a collection can be archived instead of deleted (`archived_at`); subscribers who held it then
 *   keep it for the period that was running (`collection_archive_grants.until`, see docs/api.md);
 * - a subscription keeps the name of the collection it was taken out on, as purchases keep theirs;
 * - downloads count once per person per design per day (`design_downloads`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('collections').addColumn('archived_at', 'timestamptz').execute();

  await db.schema
    .createTable('collection_archive_grants')
    .addColumn('collection_id', 'uuid', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('subscription_id', 'uuid', (c) =>
      c.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    // The end of the subscription's period that was running when the collection was archived.
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_archive_grants_pk', ['collection_id', 'subscription_id'])
    .execute();
  await db.schema
    .createIndex('collection_archive_grants_subscription_idx')
    .on('collection_archive_grants')
    .column('subscription_id')
    .execute();

  await db.schema.alterTable('subscriptions').addColumn('collection_name', 'text').execute();
  // Existing rows take the collection's current name; one already deleted, the plan's.
  await sql`
    update subscriptions set collection_name = coalesce(
      (select name from collections where collections.id = subscriptions.collection_id),
      subscriptions.plan_name
    )
  `.execute(db);
  await db.schema
    .alterTable('subscriptions')
    .alterColumn('collection_name', (c) => c.setNotNull())
    .execute();

  await db.schema
    .createTable('design_downloads')
    .addColumn('design_id', 'uuid', (c) => c.notNull().references('designs.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The UTC day of the download.
    .addColumn('day', 'date', (c) => c.notNull())
    .addPrimaryKeyConstraint('design_downloads_pk', ['design_id', 'user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('design_downloads').ifExists().execute();
  await db.schema.alterTable('subscriptions').dropColumn('collection_name').execute();
  await db.schema.dropTable('collection_archive_grants').ifExists().execute();
  await db.schema.alterTable('collections').dropColumn('archived_at').execute();
}
