import { describe, expect, it } from 'vitest';
import { filterUsername } from './username-input.ts';

describe('filterUsername', () => {
  it('keeps letters and digits untouched', () => {
    expect(filterUsername('Maker42')).toEqual({ value: 'Maker42', rejected: false, caret: 7 });
  });

  it('drops spaces, punctuation and accented letters and says so', () => {
    expect(filterUsername('maker_42 é!')).toEqual({ value: 'maker42', rejected: true, caret: 7 });
  });

  it('keeps the caret behind the last kept character typed', () => {
    // Typing "-" after "ab" in "abcd" gives "ab-cd" with the caret at 3; it belongs at 2.
    expect(filterUsername('ab-cd', 3)).toEqual({ value: 'abcd', rejected: true, caret: 2 });
  });

  it('handles an empty field', () => {
    expect(filterUsername('')).toEqual({ value: '', rejected: false, caret: 0 });
  });
});
