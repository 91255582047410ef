import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

/**
 * What a person holds, as the access policy needs it: designs bought (on their own, or in the
 * snapshot of a collection purchase) and, per collection, a purchase and the live subscription that
 * covers it. Read here, decided in lib/access-policy.ts.
 *
 * A subscription covers the collection it was taken out on and every collection its plan includes.
 * It is live while it renews, and after cancellation until its end date.
 */
export type CollectionHolding = { purchased: boolean; subscription: 'renewing' | 'running-out' | null };

export const NO_HOLDING: CollectionHolding = { purchased: false, subscription: null };

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
    .union(
      db
        .selectFrom('purchase_designs')
        .innerJoin('purchases', 'purchases.id', 'purchase_designs.purchase_id')
        .select('purchase_designs.design_id as design_id')
        .where('purchases.buyer_id', '=', buyerId)
        .where('purchase_designs.design_id', 'in', designIds),
    )
    .execute();
  return new Set(rows.map((r) => r.design_id).filter((id): id is string => id !== null));
}

/** The person's purchase and live subscription for each of `collectionIds`. */
export async function collectionHoldings(
  db: Database,
  personId: string,
  collectionIds: string[],
): Promise<Map<string, CollectionHolding>> {
  const holdings = new Map<string, CollectionHolding>();
  if (collectionIds.length === 0) return holdings;
  const holding = (id: string) => {
    const found = holdings.get(id) ?? { purchased: false, subscription: null };
    holdings.set(id, found);
    return found;
  };
  const [bought, subscribed] = await Promise.all([
    db
      .selectFrom('purchases')
      .select('collection_id')
      .where('buyer_id', '=', personId)
      .where('kind', '=', 'collection')
      .where('collection_id', 'in', collectionIds)
      .execute(),
    db
      .selectFrom('subscriptions')
      .leftJoin(
        'subscription_plan_collections',
        'subscription_plan_collections.plan_id',
        'subscriptions.plan_id',
      )
      .select([
        'subscriptions.status',
        'subscriptions.collection_id as own_collection',
        'subscription_plan_collections.collection_id as plan_collection',
      ])
      .where('subscriptions.subscriber_id', '=', personId)
      .where(isLive)
      .where((eb) =>
        eb.or([
          eb('subscriptions.collection_id', 'in', collectionIds),
          eb('subscription_plan_collections.collection_id', 'in', collectionIds),
        ]),
      )
      .execute(),
  ]);
  for (const row of bought) if (row.collection_id) holding(row.collection_id).purchased = true;
  const wanted = new Set(collectionIds);
  for (const row of subscribed) {
    const kind = row.status === 'active' ? 'renewing' : 'running-out';
    for (const id of [row.own_collection, row.plan_collection]) {
      if (!id || !wanted.has(id)) continue;
      const h = holding(id);
      // A renewing subscription says more than one running out.
      if (h.subscription !== 'renewing') h.subscription = kind;
    }
  }
  return holdings;
}

/** A subscription grants access while it renews, and once canceled until its end date. */
export function isLive(eb: ExpressionBuilder<DB, 'subscriptions'>) {
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
  const [bought, holdings] = await Promise.all([
    designsBought(db, viewerId, [design.id]),
    design.collectionId ? collectionHoldings(db, viewerId, [design.collectionId]) : new Map(),
  ]);
  return {
    viewerBought: bought.has(design.id),
    collectionHolding: (design.collectionId && holdings.get(design.collectionId)) || NO_HOLDING,
  };
}
