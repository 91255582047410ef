import { PLATFORM_FEE_PERCENT, PROVIDER_FEE_PERCENT } from './constants.ts';
import { formatUsd } from './en-format.ts';

/** Money is integer cents in US dollars everywhere on the server; the API shows dollars. */

export type FeeSplit = {
  priceCents: number;
  platformCents: number;
  providerCents: number;
  creatorCents: number;
};

/**
 * How a sale divides between the platform, the payment provider and the creator, in whole cents.
 * The creator gets what is left, so the three parts always add up to the price.
 */
export function feeSplit(priceCents: number): FeeSplit {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) {
    throw new RangeError(`A price in cents is a whole number of at least 0, not ${priceCents}`);
  }
  const platformCents = Math.round((priceCents * PLATFORM_FEE_PERCENT) / 100);
  const providerCents = Math.round((priceCents * PROVIDER_FEE_PERCENT) / 100);
  return {
    priceCents,
    platformCents,
    providerCents,
    creatorCents: priceCents - platformCents - providerCents,
  };
}

/** The creator's share in percent (83 with a 15 % platform fee and a 2 % provider fee). */
export const CREATOR_SHARE_PERCENT = 100 - PLATFORM_FEE_PERCENT - PROVIDER_FEE_PERCENT;

/** A dollar amount as the API gives it: 4.5 -> '$4.50', 1234.5 -> '$1,234.50' (nonsense shows $0.00). */
export function formatDollars(dollars: number): string {
  return formatUsd(Number.isFinite(dollars) ? dollars : 0);
}

export const formatCents = (cents: number): string => formatDollars(cents / 100);

/** Cents as the API's dollar amounts (4.99), exact to the cent. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}
