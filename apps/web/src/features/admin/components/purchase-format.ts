import type { AdminPurchase } from '@printmarket/shared/admin';
import { formatCents } from '@printmarket/shared/money';

/** A purchase's price: '$4.99' in US dollars, else the amount with its currency ('4.99 EUR'). */
export function formatPrice(purchase: Pick<AdminPurchase, 'priceCents' | 'currency'>): string {
  if (purchase.currency.toLowerCase() === 'usd') return formatCents(purchase.priceCents);
  return `${(purchase.priceCents / 100).toFixed(2)} ${purchase.currency.toUpperCase()}`;
}

const DISPUTE_LABELS: Record<NonNullable<AdminPurchase['dispute']>['status'], string> = {
  open: 'Disputed',
  won: 'Dispute won',
  lost: 'Dispute lost',
};

/** A dispute's state as the purchase's Dispute line says it. */
export const DISPUTE_STATUS_LABELS: Record<NonNullable<AdminPurchase['dispute']>['status'], string> = {
  open: 'Open',
  won: 'Won by the seller',
  lost: 'Lost by the seller',
};

/** The purchase's state as its badge says it: refunded first, then a dispute, else paid. */
export function purchaseState(purchase: AdminPurchase): string {
  if (purchase.refund) return 'Refunded';
  if (purchase.dispute) return DISPUTE_LABELS[purchase.dispute.status];
  return 'Paid';
}
