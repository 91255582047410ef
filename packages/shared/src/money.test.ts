import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORM_FEE_PERCENT, PROVIDER_FEE_PERCENT } from './constants.ts';
import { CREATOR_SHARE_PERCENT, centsToDollars, feeSplit, formatCents, formatDollars } from './money.ts';

describe('fee split', () => {
  it('takes the platform and provider percentages and leaves the rest to the creator', () => {
    expect(feeSplit(1000)).toEqual({
      priceCents: 1000,
      platformCents: 150,
      providerCents: 20,
      creatorCents: 830,
    });
    expect(CREATOR_SHARE_PERCENT).toBe(100 - PLATFORM_FEE_PERCENT - PROVIDER_FEE_PERCENT);
  });

  it('always sums to the price, in whole cents, with no part negative (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), (cents) => {
        const { priceCents, platformCents, providerCents, creatorCents } = feeSplit(cents);
        expect(priceCents).toBe(cents);
        expect(platformCents + providerCents + creatorCents).toBe(cents);
        for (const part of [platformCents, providerCents, creatorCents]) {
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
        }
        // Each fee is within half a cent of its percentage.
        expect(Math.abs(platformCents - (cents * PLATFORM_FEE_PERCENT) / 100)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(providerCents - (cents * PROVIDER_FEE_PERCENT) / 100)).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => feeSplit(1.5)).toThrow(RangeError);
    expect(() => feeSplit(-1)).toThrow(RangeError);
  });

  it('formats cents as US dollars and as API amounts', () => {
    expect(formatCents(830)).toBe('$8.30');
    expect(centsToDollars(499)).toBe(4.99);
    expect(formatDollars(4.5)).toBe('$4.50');
    expect(formatDollars(1200)).toBe('$1,200.00');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0)).toBe('$0.00');
  });
});
