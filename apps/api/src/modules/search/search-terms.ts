/** How many words of a search are matched; a longer text only narrows an already tiny result. */
export const SEARCH_WORDS_MAX = 10;
/** Shorter words are matched as typed, never replaced by a similar spelling (too many look alike). */
export const SPELLING_MIN_LENGTH = 3;

export type SearchTerms = {
  /** The text with runs of white space made one space and lower-cased: compared with whole names. */
  phrase: string;
  /** The words to match, lower-cased, in order, at most SEARCH_WORDS_MAX. */
  words: string[];
};

// Letters and digits of any script; everything else (punctuation, symbols) separates words. The
// words then reach PostgreSQL as bound values with nothing in them that tsquery syntax could read.
const WORD = /[\p{L}\p{N}]+/gu;

/** Splits search text into the words that are matched. Text of only punctuation has no words. */
export function parseSearchTerms(text: string): SearchTerms {
  const phrase = text.trim().replace(/\s+/g, ' ').toLowerCase();
  const words = (phrase.match(WORD) ?? []).slice(0, SEARCH_WORDS_MAX);
  return { phrase, words };
}

/**
 * What each word may match: the word itself, or, when typo tolerance is on, also the spellings
 * suggested for it. The last word is also matched as the start of a word (the person may still be
 * typing it); the others as whole words.
 */
export type WordGroup = { spellings: string[]; prefix: boolean };

export function wordGroups(words: string[], suggestions: ReadonlyMap<string, string[]> = new Map()) {
  return words.map(
    (word, i): WordGroup => ({
      spellings: [word, ...(suggestions.get(word) ?? []).filter((s) => s !== word)],
      prefix: i === words.length - 1,
    }),
  );
}
