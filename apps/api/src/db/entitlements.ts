import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

/**
 * What a person holds, as the access policy needs it: designs bought (on their own, or in the
 * snapshot of a collection purchase) and, per collection, a purchase and the live subscription that
 * covers it. Read here, decided in lib/access-policy.ts.
 *
 * A subscription covers the collection it was taken out on and every collection its plan includes.
 * It is live while it renews, and after cancellation until its end date. An archived collection
 * is covered only for the period that was running when it was archived (see `covers`).
 */
export type CollectionHolding = {
  purchased: boolean;
  /** The live subscription that covers the collection, a renewing one before one running out. */
  subscription: {
    id: string;
    status: 'active' | 'canceled';
    endDate: Date;
    /** The plan it was taken on (null once the seller deleted the plan), for the buyer to see. */
    planId: string | null;
    planName: string;
    planType: 'monthly' | 'yearly';
  } | null;
};

export const NO_HOLDING: CollectionHolding = { purchased: false, subscription: null };

/**
 * Whether a purchase still gives what it bought: not refunded, and its payment not disputed (while
 * a dispute is open the access is frozen; a dispute lost is as good as a refund).
 */
export function purchaseStands(eb: ExpressionBuilder<DB, 'purchases'>) {
  return eb.and([
    eb('purchases.refunded_at', 'is', null),
    eb.or([eb('purchases.dispute_status', 'is', null), eb('purchases.dispute_status', '=', 'won')]),
  ]);
}

/** The designs among `designIds` the person bought, directly or in a collection's snapshot. */
export async function designsBought(
  db: Database,
  buyerId: string,
  designIds: string[],
): Promise<Set<string>> {
  if (designIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('purchases')
    .select('purchases.design_id as design_id')
    .where('purchases.buyer_id', '=', buyerId)
    .where('purchases.kind', '=', 'design')
    .where('purchases.design_id', 'in', designIds)
    .where(purchaseStands)
    .union(
      db
        .selectFrom('purchase_designs')
        .innerJoin('purchases', 'purchases.id', 'purchase_designs.purchase_id')
        .select('purchase_designs.design_id as design_id')
        .where('purchases.buyer_id', '=', buyerId)
        .where('purchase_designs.design_id', 'in', designIds)
        .where(purchaseStands),
    )
    .execute();
  return new Set(rows.map((r) => r.design_id).filter((id): id is string => id !== null));
}

/** The person's purchase of the collection and the live subscription covering it (nothing for visitors). */
export async function collectionHolding(
  db: Database,
  personId: string | null,
  collectionId: string,
): Promise<CollectionHolding> {
  if (!personId) return NO_HOLDING;
  const [bought, subscription] = await Promise.all([
    db
      .selectFrom('purchases')
      .select('id')
      .where('buyer_id', '=', personId)
      .where('kind', '=', 'collection')
      .where('collection_id', '=', collectionId)
      .where(purchaseStands)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('subscriptions')
      .select([
        'subscriptions.id',
        'subscriptions.status',
        'subscriptions.end_date',
        'subscriptions.plan_id',
        'subscriptions.plan_name',
        'subscriptions.plan_type',
      ])
      .where('subscriptions.subscriber_id', '=', personId)
      .where(isLive)
      .where((eb) => covers(eb, collectionId))
      .orderBy(sql`subscriptions.status = 'active'`, 'desc')
      .orderBy('subscriptions.end_date', 'desc')
      .$narrowType<{ status: 'active' | 'canceled' }>()
      .executeTakeFirst(),
  ]);
  return {
    purchased: bought !== undefined,
    subscription: subscription
      ? {
          id: subscription.id,
          status: subscription.status,
          endDate: subscription.end_date,
          planId: subscription.plan_id,
          planName: subscription.plan_name,
          planType: subscription.plan_type,
        }
      : null,
  };
}

/** How many people hold the collection: buyers (for good) and live subscribers covering it. */
export async function collectionHolders(
  db: Database,
  collectionId: string,
): Promise<{ buyers: number; activeSubscribers: number }> {
  const [buyers, subscribers] = await Promise.all([
    db
      .selectFrom('purchases')
      .select((eb) => eb.fn.count<string>('buyer_id').distinct().as('n'))
      .where('kind', '=', 'collection')
      .where('collection_id', '=', collectionId)
      .where(purchaseStands)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.count<string>('subscriber_id').distinct().as('n'))
      .where(isLive)
      .where((eb) => covers(eb, collectionId))
      .executeTakeFirstOrThrow(),
  ]);
  return { buyers: Number(buyers.n), activeSubscribers: Number(subscribers.n) };
}

/**
 * Archiving the collection: each live subscription covering it keeps it until the end of the
 * period running now (its current end date), recorded as a grant. Run in the archiving transaction.
 */
export async function grantArchivedCollection(trx: Database, collectionId: string): Promise<void> {
  await trx
    .insertInto('collection_archive_grants')
    .columns(['collection_id', 'subscription_id', 'until'])
    .expression((eb) =>
      eb
        .selectFrom('subscriptions')
        .select([
          sql<string>`${collectionId}::uuid`.as('collection_id'),
          'subscriptions.id as subscription_id',
          'subscriptions.end_date as until',
        ])
        .where(isLive)
        .where((inner) => takenOutOn(inner, collectionId)),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The subscription was taken out on the collection, or its plan includes it. */
function takenOutOn(eb: ExpressionBuilder<DB, 'subscriptions'>, collectionId: string) {
  return eb.or([
    eb('subscriptions.collection_id', '=', collectionId),
    eb.exists(
      eb
        .selectFrom('subscription_plan_collections')
        .select('plan_id')
        .whereRef('subscription_plan_collections.plan_id', '=', 'subscriptions.plan_id')
        .where('subscription_plan_collections.collection_id', '=', collectionId),
    ),
  ]);
}

/**
 * Whether the subscription covers the collection. While it is not archived: taken out on it or
 * through a plan including it. Once archived: only through the grant made when it was archived,
 * while that period lasts: until its end, and not past a renewal (a renewal moves the end date
 * beyond the grant's, starting a period the collection is no longer part of).
 */
function covers(eb: ExpressionBuilder<DB, 'subscriptions'>, collectionId: string) {
  return eb.or([
    eb.and([
      eb.not(
        eb.exists(
          eb
            .selectFrom('collections')
            .select('collections.id')
            .where('collections.id', '=', collectionId)
            .where('collections.archived_at', 'is not', null),
        ),
      ),
      takenOutOn(eb, collectionId),
    ]),
    eb.exists(
      eb
        .selectFrom('collection_archive_grants')
        .select('collection_archive_grants.subscription_id')
        .whereRef('collection_archive_grants.subscription_id', '=', 'subscriptions.id')
        .where('collection_archive_grants.collection_id', '=', collectionId)
        .where('collection_archive_grants.until', '>', sql<Date>`now()`)
        .whereRef('subscriptions.end_date', '<=', 'collection_archive_grants.until'),
    ),
  ]);
}

/** A subscription grants access while it renews, and once canceled until its end date. */
function isLive(eb: ExpressionBuilder<DB, 'subscriptions'>) {
  return eb.or([
    eb('subscriptions.status', '=', 'active'),
    eb.and([
      eb('subscriptions.status', '=', 'canceled'),
      eb('subscriptions.end_date', '>', sql<Date>`now()`),
    ]),
  ]);
}

/** Whether the seller's connected account may take payments now. */
export async function sellerCanSell(db: Database, sellerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('seller_accounts')
    .select('charges_enabled')
    .where('user_id', '=', sellerId)
    .executeTakeFirst();
  return row?.charges_enabled ?? false;
}

/** What the viewer holds of one design and of its collection (nothing for visitors). */
export async function designHolding(
  db: Database,
  viewerId: string | null,
  design: { id: string; collectionId: string | null },
): Promise<{ viewerBought: boolean; collectionHolding: CollectionHolding }> {
  if (!viewerId) return { viewerBought: false, collectionHolding: NO_HOLDING };
  const [bought, collectionHeld] = await Promise.all([
    designsBought(db, viewerId, [design.id]),
    design.collectionId ? collectionHolding(db, viewerId, design.collectionId) : NO_HOLDING,
  ]);
  return { viewerBought: bought.has(design.id), collectionHolding: collectionHeld };
}
