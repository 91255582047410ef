import { formatShortDate } from '@printmarket/shared/en-format';
import { formatDollars } from '@printmarket/shared/money';
import type { PurchasesResponse, RefundSummary, SubscriptionSummary } from '@printmarket/shared/payments';
import { paths } from '@/lib/paths.ts';

/** docs/product.md#limits-and-constants: a purchase's order number is the first 9 characters of its id. */
export const ORDER_NUMBER_LENGTH = 9;

export function orderNumber(id: string): string {
  return id.slice(0, ORDER_NUMBER_LENGTH);
}

/** 'Mar 9, 2025'; null for a missing or unreadable date. */
export function formatPurchaseDate(iso: string | null | undefined): string | null {
  const value = iso ? new Date(iso) : null;
  return value && !Number.isNaN(value.getTime()) ? formatShortDate(value) : null;
}

/**
 * How a subscription stands (docs/product.md#my-purchases): 'Renews monthly' / 'Renews yearly' while it
 * renews; once canceled (or over) 'Ends: {date}', or 'Ends: N/A' when the end is not known.
 */
export function subscriptionTermText(
  subscription: Pick<SubscriptionSummary, 'active' | 'planType' | 'endDate'>,
) {
  if (subscription.active) return subscription.planType === 'yearly' ? 'Renews yearly' : 'Renews monthly';
  return `Ends: ${formatPurchaseDate(subscription.endDate) ?? 'N/A'}`;
}

/** The plan's price per period: '$4.00 / month', '$40.00 / year'. */
export function subscriptionPriceText(subscription: Pick<SubscriptionSummary, 'price' | 'planType'>): string {
  return `${formatDollars(subscription.price)} / ${subscription.planType === 'yearly' ? 'year' : 'month'}`;
}

/** The price as the mini-game's foe wears it: '$4.00' with '/mo', '$40.00' with '/yr'. */
export function subscriptionPriceTag(subscription: Pick<SubscriptionSummary, 'price' | 'planType'>): {
  amount: string;
  per: string;
} {
  return {
    amount: formatDollars(subscription.price),
    per: subscription.planType === 'yearly' ? '/yr' : '/mo',
  };
}

/** Only a subscription that still renews can be canceled. */
export function canCancel(subscription: Pick<SubscriptionSummary, 'active' | 'status'>): boolean {
  return subscription.active && subscription.status === 'active';
}

/** A canceled subscription with time left is resumed (never bought a second time). */
export function canResume(
  subscription: Pick<SubscriptionSummary, 'status' | 'endDate'>,
  now: Date = new Date(),
): boolean {
  return subscription.status === 'canceled' && new Date(subscription.endDate).getTime() > now.getTime();
}

/** Where a bought collection (or a subscribed one) lives, while it exists. */
export function collectionPagePath(collectionId: string | null): string | null {
  return collectionId ? paths.collection(collectionId) : null;
}

export type PurchaseLine = {
  id: string;
  kind: 'design' | 'collection' | 'subscription';
  name: string;
  path: string | null;
  date: string;
  pricePaid: number;
  /** Given back in full: a second payment for something already held, or a refunded purchase. */
  refunded?: RefundSummary['reason'];
};

/**
 * Design and collection purchases and refunded payments in one list, newest first, at most
 * `limit` of them.
 */
export function recentPurchases(
  purchases: Pick<PurchasesResponse, 'designPurchases' | 'collectionPurchases'> &
    Partial<Pick<PurchasesResponse, 'refunds'>>,
  limit: number,
): PurchaseLine[] {
  const designs = purchases.designPurchases.map(
    (p): PurchaseLine => ({
      id: p._id,
      kind: 'design',
      name: p.name,
      path: p.path,
      date: p.purchaseDate,
      pricePaid: p.pricePaid,
    }),
  );
  const collections = purchases.collectionPurchases.map(
    (p): PurchaseLine => ({
      id: p._id,
      kind: 'collection',
      name: p.name,
      path: collectionPagePath(p.collectionId),
      date: p.purchaseDate,
      pricePaid: p.pricePaid,
    }),
  );
  const time = (iso: string) => {
    const t = new Date(iso).getTime();
    return Number.isNaN(t) ? 0 : t;
  };
  const refunds = (purchases.refunds ?? []).map(
    (r): PurchaseLine => ({
      id: r._id,
      kind: r.kind,
      name: r.name,
      path: null,
      date: r.refundDate,
      pricePaid: r.amount,
      refunded: r.reason,
    }),
  );
  return [...designs, ...collections, ...refunds].sort((a, b) => time(b.date) - time(a.date)).slice(0, limit);
}
