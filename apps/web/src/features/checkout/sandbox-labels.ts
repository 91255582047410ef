import { PLATFORM_FEE_PERCENT, PROVIDER_FEE_PERCENT } from '@printmarket/shared/constants';
import { type FeeSplit, formatCents } from '@printmarket/shared/money';
import type { SandboxCheckout } from '@printmarket/shared/payments';

/** What is being bought, in words: 'Design', 'Collection', 'Monthly subscription', 'Yearly subscription'. */
export function checkoutKindText(checkout: Pick<SandboxCheckout, 'kind' | 'planType'>): string {
  if (checkout.kind === 'design') return 'Design';
  if (checkout.kind === 'collection') return 'Collection';
  return checkout.planType === 'yearly' ? 'Yearly subscription' : 'Monthly subscription';
}

export type FeeLine = { label: string; amount: string };

/**
 * Where the money goes (legal terms: 15 % to the platform, 2 % to the payment provider, the rest to
 * the creator), from the server's split, so the lines always add up to the price.
 */
export function feeLines(split: FeeSplit): FeeLine[] {
  return [
    { label: `Platform fee (${PLATFORM_FEE_PERCENT} %)`, amount: formatCents(split.platformCents) },
    { label: `Payment provider (${PROVIDER_FEE_PERCENT} %)`, amount: formatCents(split.providerCents) },
    { label: 'Creator receives', amount: formatCents(split.creatorCents) },
  ];
}

/** The pay button: 'Pay $4.99', with the period for a subscription ('Pay $4.00 / month'). */
export function payLabel(checkout: Pick<SandboxCheckout, 'kind' | 'planType' | 'split'>): string {
  const price = formatCents(checkout.split.priceCents);
  if (checkout.kind !== 'subscription') return `Pay ${price}`;
  return `Pay ${price} / ${checkout.planType === 'yearly' ? 'year' : 'month'}`;
}
