import { type Kysely, sql } from 'kysely';

/**
 * Payments: sellers' payout accounts, subscription plans, checkout sessions we opened, the
 * purchases and subscriptions verified payment events created, and the ids of the events already
 * applied (so a repeated delivery changes nothing twice). Money is integer cents.
 *
 * Records of money never vanish with what they were about: a deleted collection leaves its
 * purchases (collection_id set null; the name is kept), and the snapshot of the designs a
 * collection purchase covered stays with the purchase.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seller_accounts')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider_account_id', 'text', (c) => c.notNull().unique())
    .addColumn('charges_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('payouts_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('details_submitted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The provider's customer per buyer, for the billing portal (payment methods, invoices).
  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider_customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('subscription_plans')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seller_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('monthly_price_cents', 'integer', (c) => c.notNull().check(sql`monthly_price_cents > 0`))
    .addColumn('annual_price_cents', 'integer', (c) => c.notNull().check(sql`annual_price_cents > 0`))
    .addColumn('unlimited_downloads', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('downloads_per_month', 'integer', (c) => c.check(sql`downloads_per_month > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'subscription_plans_limit_check',
      sql`unlimited_downloads or downloads_per_month is not null`,
    )
    .execute();
  await db.schema
    .createIndex('subscription_plans_seller_idx')
    .on('subscription_plans')
    .columns(['seller_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('subscription_plan_collections')
    .addColumn('plan_id', 'uuid', (c) => c.notNull().references('subscription_plans.id').onDelete('cascade'))
    .addColumn('collection_id', 'uuid', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('subscription_plan_collections_pkey', ['plan_id', 'collection_id'])
    .execute();
  await db.schema
    .createIndex('subscription_plan_collections_collection_idx')
    .on('subscription_plan_collections')
    .column('collection_id')
    .execute();

  // What a checkout sells, fixed when it is opened: the price comes from our rows, never the client.
  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('provider_session_id', 'text', (c) => c.unique())
    .addColumn('buyer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seller_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('design', 'collection', 'subscription')`),
    )
    .addColumn('design_id', 'uuid', (c) => c.references('designs.id').onDelete('set null'))
    .addColumn('collection_id', 'uuid', (c) => c.references('collections.id').onDelete('set null'))
    .addColumn('plan_id', 'uuid', (c) => c.references('subscription_plans.id').onDelete('set null'))
    .addColumn('plan_type', 'text', (c) => c.check(sql`plan_type in ('monthly', 'yearly')`))
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status in ('open', 'complete', 'canceled')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('checkout_session_id', 'uuid', (c) => c.notNull().unique().references('checkout_sessions.id'))
    .addColumn('buyer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seller_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('design', 'collection')`))
    .addColumn('design_id', 'uuid', (c) => c.references('designs.id').onDelete('set null'))
    .addColumn('collection_id', 'uuid', (c) => c.references('collections.id').onDelete('set null'))
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('purchases_buyer_idx')
    .on('purchases')
    .columns(['buyer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('purchases_seller_idx').on('purchases').column('seller_id').execute();

  // The designs a collection purchase covered when it was made: they stay the buyer's.
  await db.schema
    .createTable('purchase_designs')
    .addColumn('purchase_id', 'uuid', (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('design_id', 'uuid', (c) => c.notNull().references('designs.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('purchase_designs_pkey', ['purchase_id', 'design_id'])
    .execute();
  await db.schema
    .createIndex('purchase_designs_design_idx')
    .on('purchase_designs')
    .column('design_id')
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('provider_subscription_id', 'text', (c) => c.notNull().unique())
    .addColumn('checkout_session_id', 'uuid', (c) => c.notNull().unique().references('checkout_sessions.id'))
    .addColumn('subscriber_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seller_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'uuid', (c) => c.references('subscription_plans.id').onDelete('set null'))
    .addColumn('collection_id', 'uuid', (c) => c.references('collections.id').onDelete('set null'))
    .addColumn('plan_name', 'text', (c) => c.notNull())
    .addColumn('plan_type', 'text', (c) => c.notNull().check(sql`plan_type in ('monthly', 'yearly')`))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    // active: renews; canceled: runs to end_date, then stops; ended: over, whatever arrives later.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'canceled', 'ended')`))
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('canceled_at', 'timestamptz')
    // When the provider last described the subscription: older descriptions are not applied.
    .addColumn('provider_updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('subscriptions_subscriber_idx')
    .on('subscriptions')
    .columns(['subscriber_id', 'created_at'])
    .execute();

  // The ledger of money in: each one-time sale and each paid subscription invoice (first and
  // renewals), split into the platform's, the provider's and the creator's parts.
  await db.schema
    .createTable('earnings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seller_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().unique())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('platform_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('provider_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('creator_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'earnings_split_check',
      sql`platform_fee_cents + provider_fee_cents + creator_cents = price_cents`,
    )
    .execute();
  await db.schema.createIndex('earnings_seller_idx').on('earnings').column('seller_id').execute();

  // Payment events already applied; inserted in the same transaction as their effect.
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'payment_events',
    'earnings',
    'subscriptions',
    'purchase_designs',
    'purchases',
    'checkout_sessions',
    'subscription_plan_collections',
    'subscription_plans',
    'payment_customers',
    'seller_accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
