import { type Kysely, sql } from 'kysely';

/**
 * Operators' refunds and the provider's refund and dispute events, on the purchase itself.
 *
 * - `provider_payment_id`: the provider's payment (Stripe: the PaymentIntent) the checkout's paid
 *   event named, stored when the purchase is made; refunds are asked for on it, and refund and
 *   dispute events find the purchase by it. Purchases made before this migration have none: the
 *   provider is asked for it (through the checkout session) when one of them is refunded.
 * - `refund_requested_at` / `_by`, `refund_reason`: an operator's refund, claimed before the
 *   provider is called, so a second request does not call it again, and a refund the provider
 *   made but we did not record (a crash between) is completed by a retry or by the provider's
 *   `charge.refunded` event, attributed to whoever asked.
 * - `refunded_at` / `refunded_by` / `provider_refund_id`: the refund took effect (by an operator,
 *   or at the provider, refunded_by null): the purchase no longer gives access and the seller's
 *   earnings line for it no longer counts.
 * - `dispute_status` (`open`, `won`, `lost`), `dispute_at`, `provider_dispute_id`: the buyer's
 *   bank disputed the payment. While open, and once lost, the purchase gives no access.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('purchases')
    .addColumn('provider_payment_id', 'text')
    .addColumn('refund_requested_at', 'timestamptz')
    .addColumn('refund_requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('refund_reason', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('refunded_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('provider_refund_id', 'text')
    .addColumn('dispute_status', 'text', (c) => c.check(sql`dispute_status in ('open', 'won', 'lost')`))
    .addColumn('dispute_at', 'timestamptz')
    .addColumn('provider_dispute_id', 'text')
    .execute();
  await sql`create unique index purchases_provider_payment_idx on purchases (provider_payment_id)
    where provider_payment_id is not null`.execute(db);
  // Refunding every buyer of a design.
  await sql`create index purchases_design_idx on purchases (design_id) where kind = 'design'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists purchases_design_idx`.execute(db);
  await sql`drop index if exists purchases_provider_payment_idx`.execute(db);
  await db.schema
    .alterTable('purchases')
    .dropColumn('provider_dispute_id')
    .dropColumn('dispute_at')
    .dropColumn('dispute_status')
    .dropColumn('provider_refund_id')
    .dropColumn('refunded_by')
    .dropColumn('refunded_at')
    .dropColumn('refund_reason')
    .dropColumn('refund_requested_by')
    .dropColumn('refund_requested_at')
    .dropColumn('provider_payment_id')
    .execute();
}
