import { describe, expect, it } from 'vitest';
import { countLabel, formatCount } from './count-format.ts';

describe('card counters', () => {
  it('shows small numbers in full and large ones compactly', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(9876)).toBe('9,876');
    expect(formatCount(12_345)).toBe('12.3K');
    expect(formatCount(4_500_000)).toBe('4.5M');
  });

  it('shows 0 for missing or invalid counts', () => {
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(null)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(-3)).toBe('0');
  });

  it('labels counts in words with the right plural', () => {
    expect(countLabel(1, 'view', 'views')).toBe('1 view');
    expect(countLabel(0, 'like', 'likes')).toBe('0 likes');
    expect(countLabel(12_345, 'download', 'downloads')).toBe('12,345 downloads');
    expect(countLabel(undefined, 'download', 'downloads')).toBe('0 downloads');
  });

  it('formats prices in US dollars', () => {});
});
