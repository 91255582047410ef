import { type Insertable, sql } from 'kysely';
import { lockBuyerItem } from '../../db/buyer-item-lock.ts';
import type { Database } from '../../db/database.ts';
import { collectionHolding, designHolding, sellerCanSell } from '../../db/entitlements.ts';
import type { CheckoutKind, CheckoutSessionsTable } from '../../db/schema.ts';

/** SQL for checkouts and buyers' provider customers. */
export class PaymentsRepo {
  constructor(private readonly db: Database) {}

  /** A design with what selling it needs: price, owner, its collection's terms. */
  designForSale(designId: string) {
    return this.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .leftJoin('collections', 'collections.id', 'designs.collection_id')
      .select([
        'designs.id',
        'designs.name',
        'designs.slug',
        'designs.is_paid',
        'designs.price_cents',
        'designs.archived_at',
        'designs.withheld_at',
        'designs.user_id as owner_id',
        'users.username as owner_username',
        'designs.collection_id',
        'collections.user_id as collection_owner_id',
        'collections.visibility as collection_visibility',
        'collections.pricing_type as collection_pricing_type',
        'collections.allow_individual_purchase',
        'collections.archived_at as collection_archived_at',
        'collections.withheld_at as collection_withheld_at',
      ])
      .where('designs.id', '=', designId)
      .executeTakeFirst();
  }

  collectionForSale(collectionId: string) {
    return this.db
      .selectFrom('collections')
      .select([
        'id',
        'name',
        'user_id as owner_id',
        'visibility',
        'pricing_type',
        'price_cents',
        'archived_at',
        'withheld_at',
      ])
      .where('id', '=', collectionId)
      .executeTakeFirst();
  }

  /** The seller's plan, when it covers the collection. */
  planCovering(planId: string, collectionId: string) {
    return this.db
      .selectFrom('subscription_plans')
      .innerJoin(
        'subscription_plan_collections',
        'subscription_plan_collections.plan_id',
        'subscription_plans.id',
      )
      .select([
        'subscription_plans.id',
        'subscription_plans.name',
        'subscription_plans.seller_id',
        'subscription_plans.monthly_price_cents',
        'subscription_plans.annual_price_cents',
      ])
      .where('subscription_plans.id', '=', planId)
      .where('subscription_plan_collections.collection_id', '=', collectionId)
      .executeTakeFirst();
  }

  designHolding(viewerId: string, design: { id: string; collectionId: string | null }) {
    return designHolding(this.db, viewerId, design);
  }

  collectionHolding(viewerId: string, collectionId: string) {
    return collectionHolding(this.db, viewerId, collectionId);
  }

  sellerCanSell(sellerId: string): Promise<boolean> {
    return sellerCanSell(this.db, sellerId);
  }

  async customerOf(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('payment_customers')
      .select('provider_customer_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.provider_customer_id ?? null;
  }

  async saveCustomer(userId: string, customerId: string): Promise<string> {
    await this.db
      .insertInto('payment_customers')
      .values({ user_id: userId, provider_customer_id: customerId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return (await this.customerOf(userId)) ?? customerId;
  }

  userContact(userId: string) {
    return this.db
      .selectFrom('users')
      .select(['email', 'name', 'username'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async openCheckout(values: Insertable<CheckoutSessionsTable>): Promise<string> {
    const row = await this.db
      .insertInto('checkout_sessions')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Runs `work` with this buyer's checkouts of the item to itself until it ends, in one
   * transaction (its repository is handed in): two requests at once see one another's checkout.
   */
  lockedForItem<T>(
    item: { buyerId: string; kind: CheckoutKind; itemId: string },
    work: (repo: PaymentsRepo) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockBuyerItem(trx, 'open', item);
      return work(new PaymentsRepo(trx));
    });
  }

  /** The buyer's open checkout of the item, if there is one (at most one: a unique index). */
  openCheckoutOf(item: { buyerId: string; kind: CheckoutKind; itemId: string }) {
    return this.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('buyer_id', '=', item.buyerId)
      .where('kind', '=', item.kind)
      .where(sql<string>`coalesce(design_id, collection_id)`, '=', item.itemId)
      .where('status', '=', 'open')
      .executeTakeFirst();
  }

  async setProviderSession(
    id: string,
    session: { providerSessionId: string; url: string; expiresAt: Date | null },
  ) {
    await this.db
      .updateTable('checkout_sessions')
      .set({
        provider_session_id: session.providerSessionId,
        url: session.url,
        expires_at: session.expiresAt,
      })
      .where('id', '=', id)
      .execute();
  }

  /** A checkout that never reached the provider, or that the buyer left: it can no longer complete. */
  async cancelCheckout(id: string) {
    await this.db
      .updateTable('checkout_sessions')
      .set({ status: 'canceled' })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute();
  }

  checkoutByProviderId(providerSessionId: string) {
    return this.db
      .selectFrom('checkout_sessions')
      .innerJoin('users as sellers', 'sellers.id', 'checkout_sessions.seller_id')
      .leftJoin('designs', 'designs.id', 'checkout_sessions.design_id')
      .selectAll('checkout_sessions')
      .select(['sellers.username as seller_username', 'designs.slug as design_slug'])
      .where('checkout_sessions.provider_session_id', '=', providerSessionId)
      .executeTakeFirst();
  }

  /** Whether the checkout's payment was refunded as a duplicate. */
  async wasRefunded(checkoutSessionId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('payment_refunds')
      .select('id')
      .where('checkout_session_id', '=', checkoutSessionId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
