import { z } from 'zod';

/** The highest price anything may ask, in cents (US$ 10 000). */
export const MAX_PRICE_CENTS = 1_000_000;

/** Whole dollars, optionally a point and one or two cent digits: '5', '5.5', '5.50', '0.99'. */
const PLAIN_DOLLARS = /^\d+(\.\d{1,2})?$/;

/**
 * A price as typed or sent: plain decimal dollars with at most two decimals, as text or as a JSON
 * number, turned into integer cents. Nothing else passes: no spaces, signs, exponents, hex,
 * Infinity, NaN, empty text or third decimal. Every form and route that takes a price parses it
 * here; each caller reports its own message (docs/product.md#validation) when it fails (see `priceCents`).
 */
export const priceSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = typeof value === 'number' ? numberToCents(value) : textToCents(value);
  if (cents === null || cents > MAX_PRICE_CENTS) {
    ctx.addIssue({ code: 'custom', message: 'Enter a price in dollars with at most two decimals.' });
    return z.NEVER;
  }
  return cents;
});

function textToCents(text: string): number | null {
  if (!PLAIN_DOLLARS.test(text)) return null;
  const [whole = '', fraction = ''] = text.split('.');
  // Digits only, so both parts are exact; a huge whole part is caught by the maximum.
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function numberToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars) || dollars < 0) return null;
  const cents = Math.round(dollars * 100);
  // 4.99 * 100 is 498.99999999999994: within float noise of whole cents is whole cents.
  return Math.abs(cents - dollars * 100) < 1e-6 ? cents : null;
}

/** The price in cents, or null when `priceSchema` refuses it. */
export function priceCents(value: unknown): number | null {
  const parsed = priceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
