import { feeSplit } from '@printmarket/shared/money';
import { describe, expect, it } from 'vitest';
import { checkoutKindText, feeLines, payLabel } from './sandbox-labels.ts';

describe('sandbox checkout labels', () => {
  it('names what is bought, with the period of a subscription', () => {
    expect(checkoutKindText({ kind: 'design', planType: null })).toBe('Design');
    expect(checkoutKindText({ kind: 'collection', planType: null })).toBe('Collection');
    expect(checkoutKindText({ kind: 'subscription', planType: 'monthly' })).toBe('Monthly subscription');
    expect(checkoutKindText({ kind: 'subscription', planType: 'yearly' })).toBe('Yearly subscription');
  });

  it("splits the price: platform 15 %, provider 2 %, the creator the rest, from the server's cents", () => {
    expect(feeLines(feeSplit(1000))).toEqual([
      { label: 'Platform fee (15 %)', amount: '$1.50' },
      { label: 'Payment provider (2 %)', amount: '$0.20' },
      { label: 'Creator receives', amount: '$8.30' },
    ]);
  });

  it('says what the pay button charges', () => {
    expect(payLabel({ kind: 'design', planType: null, split: feeSplit(499) })).toBe('Pay $4.99');
    expect(payLabel({ kind: 'subscription', planType: 'yearly', split: feeSplit(4000) })).toBe(
      'Pay $40.00 / year',
    );
  });
});
