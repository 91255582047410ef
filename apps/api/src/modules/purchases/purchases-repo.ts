import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { purchaseStands } from '../../db/entitlements.ts';
import type { NotificationJobs } from '../../lib/notification-jobs.ts';

/** SQL for a person's purchases and subscriptions. */
export class PurchasesRepo {
  constructor(
    private readonly db: Database,
    private readonly notifications: Pick<NotificationJobs, 'queue'>,
  ) {}

  /** Names come from the purchase's own record (item_name), kept whatever happens to the item. */
  purchasesOf(buyerId: string) {
    return this.db
      .selectFrom('purchases')
      .leftJoin('designs', 'designs.id', 'purchases.design_id')
      .leftJoin('users as owners', 'owners.id', 'designs.user_id')
      .select([
        'purchases.id',
        'purchases.kind',
        'purchases.design_id',
        'purchases.collection_id',
        'purchases.item_name',
        'purchases.price_cents',
        'purchases.created_at',
        'purchases.refunded_at',
        'purchases.dispute_status',
        'purchases.dispute_at',
        'designs.slug as design_slug',
        'owners.username as design_owner',
      ])
      .where('purchases.buyer_id', '=', buyerId)
      .orderBy('purchases.created_at', 'desc')
      .orderBy('purchases.id')
      .execute();
  }

  /** Names come from the subscription's own record, kept whatever happens to the collection. */
  subscriptionsOf(subscriberId: string) {
    return this.db
      .selectFrom('subscriptions')
      .selectAll('subscriptions')
      .where('subscriptions.subscriber_id', '=', subscriberId)
      .orderBy('subscriptions.created_at', 'desc')
      .orderBy('subscriptions.id')
      .execute();
  }

  /** Payments given back because the person already held what they paid for. */
  refundsOf(buyerId: string) {
    return this.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('buyer_id', '=', buyerId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  subscriptionById(id: string) {
    return this.db
      .selectFrom('subscriptions')
      .selectAll('subscriptions')
      .where('subscriptions.id', '=', id)
      .executeTakeFirst();
  }

  /** The designs the person's purchase of the collection covered (empty without a purchase). */
  async collectionSnapshot(buyerId: string, collectionId: string) {
    const rows = await this.db
      .selectFrom('purchases')
      .leftJoin('purchase_designs', 'purchase_designs.purchase_id', 'purchases.id')
      .select('purchase_designs.design_id')
      .where('purchases.buyer_id', '=', buyerId)
      .where('purchases.kind', '=', 'collection')
      .where('purchases.collection_id', '=', collectionId)
      // A refunded or disputed purchase covers nothing (db/entitlements.ts).
      .where(purchaseStands)
      .execute();
    return {
      purchased: rows.length > 0,
      designIds: [...new Set(rows.map((r) => r.design_id).filter((id): id is string => id !== null))],
    };
  }

  /**
   * Marks a renewing subscription canceled: access runs to `endDate` (the provider's term end when
   * it said one). `provider_updated_at` moves to now, so a provider description from before the
   * cancellation arriving late cannot make it renew again. The seller's mail is queued with it.
   * False when it was not renewing.
   */
  markCanceled(id: string, endDate: Date | null): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('subscriptions')
        .set({
          status: 'canceled',
          canceled_at: sql`now()`,
          end_date: endDate ?? sql`end_date`,
          provider_updated_at: sql`greatest(provider_updated_at, now())`,
        })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await this.notifications.queue(trx, { kind: 'subscriberCancelled', subscriptionId: id });
      return true;
    });
  }

  /**
   * Makes a canceled subscription that still runs renew again. `provider_updated_at` moves to now,
   * so a provider description from before the resumption arriving late cannot cancel it again.
   * False when it was not canceled, or has run out.
   */
  async markResumed(id: string, endDate: Date | null): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set({
        status: 'active',
        canceled_at: null,
        // A later cancellation's ending is told again.
        ending_notice_at: null,
        end_date: endDate ?? sql`end_date`,
        provider_updated_at: sql`greatest(provider_updated_at, now())`,
      })
      .where('id', '=', id)
      .where('status', '=', 'canceled')
      .where('end_date', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
