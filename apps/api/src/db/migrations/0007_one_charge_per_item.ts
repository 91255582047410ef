import { type Kysely, sql } from 'kysely';

/**
 * A buyer is charged at most once for what they hold.
 *
 * - One open checkout per buyer and item: older duplicates left open are closed first, then a
 *   partial unique index keeps it so, whichever API instance opens the checkout. The checkout's
 *   page (url) and its expiry are kept, so asking again answers the same page.
 * - The currency a checkout was opened in, which its paid event must carry.
 * - Payments made for something the buyer already held: refunded, and recorded here for both the
 *   buyer's and the seller's history. Such a payment's earning (a duplicate subscription's first
 *   invoice) is marked refunded and no longer counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkout_sessions').addColumn('url', 'text').execute();
  await db.schema.alterTable('checkout_sessions').addColumn('expires_at', 'timestamptz').execute();
  await db.schema
    .alterTable('checkout_sessions')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .execute();

  await sql`
    update checkout_sessions set status = 'canceled'
    where status = 'open' and id not in (
      select distinct on (buyer_id, kind, coalesce(design_id, collection_id)) id
      from checkout_sessions
      where status = 'open'
      order by buyer_id, kind, coalesce(design_id, collection_id), created_at desc
    )`.execute(db);
  await sql`
    create unique index checkout_sessions_one_open_idx
    on checkout_sessions (buyer_id, kind, (coalesce(design_id, collection_id)))
    where status = 'open'`.execute(db);

  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('checkout_session_id', 'uuid', (c) => c.notNull().unique().references('checkout_sessions.id'))
    .addColumn('buyer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seller_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('design', 'collection', 'subscription')`),
    )
    .addColumn('design_id', 'uuid', (c) => c.references('designs.id').onDelete('set null'))
    .addColumn('collection_id', 'uuid', (c) => c.references('collections.id').onDelete('set null'))
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('duplicate')`))
    .addColumn('provider_refund_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payment_refunds_buyer_idx')
    .on('payment_refunds')
    .columns(['buyer_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payment_refunds_seller_idx')
    .on('payment_refunds')
    .column('seller_id')
    .execute();

  await db.schema.alterTable('earnings').addColumn('refunded_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('earnings').dropColumn('refunded_at').execute();
  await db.schema.dropTable('payment_refunds').ifExists().execute();
  await sql`drop index if exists checkout_sessions_one_open_idx`.execute(db);
  for (const column of ['currency', 'expires_at', 'url'])
    await db.schema.alterTable('checkout_sessions').dropColumn(column).execute();
}
