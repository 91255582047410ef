import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_CENTS, priceCents, priceSchema } from './price.ts';

describe('priceSchema', () => {
  it('accepts plain dollars with at most two decimals, as text or number', () => {
    expect(priceCents('5')).toBe(500);
    expect(priceCents('5.5')).toBe(550);
    expect(priceCents('5.50')).toBe(550);
    expect(priceCents('0.99')).toBe(99);
    expect(priceCents('0')).toBe(0);
    expect(priceCents(4.99)).toBe(499);
    expect(priceCents(0.29)).toBe(29);
    expect(priceCents(10_000)).toBe(MAX_PRICE_CENTS);
  });

  it('refuses everything else', () => {
    for (const bad of [
      '0x10',
      '1e3',
      ' 5',
      '5 ',
      '',
      '+5',
      '-1',
      '5.999',
      'Infinity',
      'NaN',
      '.5',
      '5.',
      '1,5',
    ]) {
      expect(priceCents(bad), JSON.stringify(bad)).toBeNull();
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, -1, 5.999, 0.001, null, undefined, true, {}]) {
      expect(priceCents(bad), String(bad)).toBeNull();
    }
    expect(priceCents('10000.01')).toBeNull();
    expect(priceSchema.safeParse('abc').success).toBe(false);
  });

  it('reads every whole-cent amount back exactly, as text and as a number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_CENTS }), (cents) => {
        const whole = Math.floor(cents / 100);
        const part = String(cents % 100).padStart(2, '0');
        expect(priceCents(`${whole}.${part}`)).toBe(cents);
        if (part.endsWith('0')) expect(priceCents(`${whole}.${part[0]}`)).toBe(cents);
        if (part === '00') expect(priceCents(String(whole))).toBe(cents);
        expect(priceCents(cents / 100)).toBe(cents);
      }),
    );
  });

  it('accepts a text only when it is digits with an optional point and one or two digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const plain = /^\d+(\.\d{1,2})?$/.test(text) && Number(text) * 100 <= MAX_PRICE_CENTS + 0.5;
        expect(priceCents(text) !== null).toBe(plain);
      }),
    );
  });

  it('refuses any number with a fraction of a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_PRICE_CENTS - 1 }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        (cents, fraction) => {
          expect(priceCents((cents + fraction) / 100)).toBeNull();
        },
      ),
    );
  });
});
