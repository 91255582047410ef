import { describe, expect, it } from 'vitest';
import { countText } from './count-text.ts';

describe('search count text', () => {
  it('says how many designs were found when they are all paged', () => {
    expect(countText({ total: 1, capped: false, approximate: false })).toBe('1 design found.');
    expect(countText({ total: 480, capped: false, approximate: false })).toBe('480 designs found.');
  });

  it('shows an estimated total rounded, and that only the best 480 are paged', () => {
    expect(countText({ total: 7_873, capped: true, approximate: false })).toBe(
      'About 7,900 designs match; showing the best 480.',
    );
    expect(countText({ total: 12_345, capped: true, approximate: true })).toBe(
      'About 12,000 designs match; showing the best 480. Includes similar spellings.',
    );
  });

  it('says "more than 480" when the rounded estimate would not be more', () => {
    expect(countText({ total: 481, capped: true, approximate: false })).toBe(
      'More than 480 designs match; showing the best 480.',
    );
    expect(countText({ total: 520, capped: true, approximate: false })).toBe(
      'About 520 designs match; showing the best 480.',
    );
  });

  it('adds that similar spellings were included', () => {
    expect(countText({ total: 3, capped: false, approximate: true })).toBe(
      '3 designs found. Includes similar spellings.',
    );
  });
});
