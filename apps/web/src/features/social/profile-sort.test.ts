import { PROFILE_DESIGN_SORT_LABELS, PROFILE_DESIGN_SORTS } from '@printmarket/shared/profile-sorts';
import { describe, expect, it } from 'vitest';
import { parseProfileSort } from './profile-sort.ts';

describe('profile sort', () => {
  it('offers the product’s three orders with its labels, newest first', () => {
    expect(PROFILE_DESIGN_SORTS.map((sort) => PROFILE_DESIGN_SORT_LABELS[sort])).toEqual([
      'Newest',
      'Most Popular',
      'Most Liked',
    ]);
  });

  it('reads the order from the address and falls back to newest', () => {
    expect(parseProfileSort('most-liked')).toBe('most-liked');
    expect(parseProfileSort('most-popular')).toBe('most-popular');
    expect(parseProfileSort('most-downloaded')).toBe('newest');
    expect(parseProfileSort(null)).toBe('newest');
  });
});
