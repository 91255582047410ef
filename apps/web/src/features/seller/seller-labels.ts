import { formatInteger } from '@printmarket/shared/en-format';
import { formatDollars } from '@printmarket/shared/money';
import type { SellerData } from '@printmarket/shared/payments';

type Account = Pick<SellerData, 'stripeAccountId' | 'chargesEnabled' | 'payoutsEnabled'>;

/** What the earnings add up: 'No sales yet', 'From 1 sale', 'From 1,204 sales'. */
export function salesCountText(sales: number): string {
  if (!(sales > 0)) return 'No sales yet';
  return sales === 1 ? 'From 1 sale' : `From ${formatInteger(sales)} sales`;
}

/**
 * Payments given back because the buyer already held the item, left out of the earnings:
 * '1 duplicate payment refunded ($4.99), not counted'.
 */
export function refundsText(refunds: number, refundedTotal: number): string {
  const amount = formatDollars(refundedTotal);
  const what = refunds === 1 ? '1 duplicate payment' : `${formatInteger(refunds)} duplicate payments`;
  return `${what} refunded (${amount}), not counted`;
}

export type StripeAction = 'connect' | 'manage';

/**
 * Which button the payout account shows (docs/product.md#seller-dashboard): 'Manage Stripe Account' once the
 * account may take payments; 'Connect with Stripe' while there is none or its onboarding is unfinished.
 */
export function stripeAction(account: Account): StripeAction {
  return account.stripeAccountId && account.chargesEnabled ? 'manage' : 'connect';
}

export const STRIPE_BUTTON_TEXT: Record<StripeAction, string> = {
  connect: 'Connect with Stripe',
  manage: 'Manage Stripe Account',
};

/** Where the payout account stands, in a few words beside the button. */
export function accountStatusText(account: Account): string {
  if (!account.stripeAccountId) return 'Not connected';
  if (!account.chargesEnabled) return 'Onboarding unfinished';
  return account.payoutsEnabled
    ? 'Connected: payments and payouts are on'
    : 'Connected: payouts are not on yet';
}

/**
 * Plans can be made before the account is connected, but nobody can subscribe to them until it is:
 * the dashboard says so beside the plans. Null once buyers can subscribe.
 */
export function subscribeNotice(account: Account): string | null {
  if (!account.stripeAccountId) {
    return 'Buyers cannot subscribe to your plans until you connect with Stripe. You can create plans now.';
  }
  if (!account.chargesEnabled) {
    return 'Buyers cannot subscribe to your plans until you finish connecting with Stripe.';
  }
  return null;
}

/**
 * The app's own path for an address the API hands back (test mode's pages), or null for another
 * site's (the provider's), which the browser must load itself.
 */
export function appPath(url: string, origin: string): string | null {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return null;
  }
  if (target.origin !== origin) return null;
  return `${target.pathname}${target.search}${target.hash}`;
}
