import { PLATFORM_FEE_PERCENT, PROVIDER_FEE_PERCENT } from '@printmarket/shared/constants';
import { describe, expect, it } from 'vitest';
import { CREATOR_SHARE_PERCENT, feeSplit, formatCents } from './fee-split.ts';

describe('fee split shown in the terms', () => {
  it('takes the platform and provider percentages and leaves the rest to the creator', () => {
    expect(feeSplit(1000)).toEqual({
      priceCents: 1000,
      platformCents: 150,
      providerCents: 20,
      creatorCents: 830,
    });
    expect(CREATOR_SHARE_PERCENT).toBe(100 - PLATFORM_FEE_PERCENT - PROVIDER_FEE_PERCENT);
  });

  it('always adds up to the price, whatever the rounding', () => {
    for (let cents = 1; cents <= 5000; cents++) {
      const { platformCents, providerCents, creatorCents } = feeSplit(cents);
      expect(platformCents + providerCents + creatorCents).toBe(cents);
      expect(creatorCents).toBeGreaterThanOrEqual(0);
    }
  });

  it('formats cents as US dollars', () => {
    expect(formatCents(830)).toBe('$8.30');
  });
});
