import { describe, expect, it } from 'vitest';
import { parseSearchTerms, SEARCH_WORDS_MAX, wordGroups } from './search-terms.ts';

describe('search terms', () => {
  it('lower-cases, joins white space and splits words on anything but letters and digits', () => {
    expect(parseSearchTerms('  Red   Dragon\tFigurine ')).toEqual({
      phrase: 'red dragon figurine',
      words: ['red', 'dragon', 'figurine'],
    });
    expect(parseSearchTerms("press-fit 3D o'clock").words).toEqual(['press', 'fit', '3d', 'o', 'clock']);
  });

  it('keeps letters of any script and drops tsquery syntax', () => {
    expect(parseSearchTerms('Über Vase ∞').words).toEqual(['über', 'vase']);
    expect(parseSearchTerms("dragon & !egg | 'x':* <-> (y)").words).toEqual(['dragon', 'egg', 'x', 'y']);
    expect(parseSearchTerms('!!! ***').words).toEqual([]);
  });

  it(`uses at most ${SEARCH_WORDS_MAX} words`, () => {
    const text = Array.from({ length: 15 }, (_, i) => `w${i}`).join(' ');
    expect(parseSearchTerms(text).words).toHaveLength(SEARCH_WORDS_MAX);
  });

  it('matches the last word as a prefix and adds suggested spellings after the word as typed', () => {
    expect(wordGroups(['red', 'dragn'], new Map([['dragn', ['dragon', 'dragn']]]))).toEqual([
      { spellings: ['red'], prefix: false },
      { spellings: ['dragn', 'dragon'], prefix: true },
    ]);
  });
});
