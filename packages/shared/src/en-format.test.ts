import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDecimal,
  formatInteger,
  formatLongDate,
  formatMonthYear,
  formatShortDate,
  formatUsd,
} from './en-format.ts';

// What each function must write: the Intl formatter it replaces.
const intl = {
  grouped: new Intl.NumberFormat('en-US'),
  oneDecimal: new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }),
  twoDecimals: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
  compact: new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }),
  usd: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
  monthYear: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }),
  shortDate: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
  longDate: new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' }),
};

const RUNS = { numRuns: 5000 };
const anyNumber = fc.oneof(
  fc.double({ min: -1e9, max: 1e9, noNaN: true }),
  fc.integer({ min: -1e7, max: 1e7 }).map((n) => n / 1000),
  fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 100 + 0.005),
  fc.constantFrom(0, -0, 0.05, 0.005, 1.005, 2.675, 9.995, 99.95, 999.95, 1e21, 123456789.125),
);
const count = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }),
  fc.integer({ min: 0, max: 1e13 }),
  fc.constantFrom(
    999,
    999.94,
    999.95,
    1000,
    9999,
    99_949,
    99_950,
    999_949,
    999_950,
    999_999,
    1e6,
    999_950_000,
    1e12,
  ),
);
const date = fc.date({ min: new Date('1970-01-01'), max: new Date('2200-12-31'), noInvalidDate: true });

describe('en-format writes what Intl writes', () => {
  it('decimals with at most one or two fraction digits, and whole numbers', () => {
    fc.assert(
      fc.property(anyNumber, (n) => {
        expect(formatDecimal(n, 1)).toBe(intl.oneDecimal.format(n));
        expect(formatDecimal(n, 2)).toBe(intl.twoDecimals.format(n));
        expect(formatDecimal(n)).toBe(intl.grouped.format(n));
        expect(formatInteger(Math.round(n))).toBe(intl.grouped.format(Math.round(n)));
      }),
      RUNS,
    );
  });

  it('compact counts', () => {
    fc.assert(
      fc.property(count, (n) => {
        expect(formatCompact(n)).toBe(intl.compact.format(n));
      }),
      RUNS,
    );
  });

  it('dollars', () => {
    fc.assert(
      fc.property(anyNumber, (n) => {
        expect(formatUsd(n)).toBe(intl.usd.format(n));
      }),
      RUNS,
    );
  });

  it('dates, in local time', () => {
    fc.assert(
      fc.property(date, (d) => {
        expect(formatMonthYear(d)).toBe(intl.monthYear.format(d));
        expect(formatShortDate(d)).toBe(intl.shortDate.format(d));
        expect(formatLongDate(d)).toBe(intl.longDate.format(d));
      }),
      RUNS,
    );
  });

  it('examples', () => {
    expect(formatDecimal(1234.56, 1)).toBe('1,234.6');
    expect(formatCompact(12_345)).toBe('12.3K');
    expect(formatCompact(999_999)).toBe('1M');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(1.005)).toBe('$1.01');
  });
});
