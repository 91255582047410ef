/**
 * Search (docs/product.md#search-and-sorting): `GET /api/designs/search?query=` answers `designs[]`
 * and `users[]`, plus paging fields like the home listing's. See docs/api.md.
 */
import type { DesignCard } from './types.ts';

/** Longest search text accepted; longer text is refused (400), not cut. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** Texts of the search screen, verbatim (docs/product.md#search-and-profile-messages), and the API's own. */
export const SEARCH_MSG = {
  failed: 'Failed to fetch search results',
  noResults: 'No results found',
  queryRequired: 'Enter something to search for.',
  queryTooLong: `Search text can be at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
} as const;
/**
 * How many designs a search ranks and pages through at most, and counts exactly. A common word
 * matches thousands of designs; nobody pages past the first few dozen pages of them, and counting
 * or ranking all of them would make every such search cost as much as reading the whole catalogue.
 */
export const SEARCH_MAX_RESULTS = 480;
/** How many people a search lists (the Users section is not paged). */
export const SEARCH_USERS_LIMIT = 8;

export const PRICE_FILTERS = ['free', 'paid'] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];

/** A person in the Users section: public profile fields only (never the email). */
export type SearchUserCard = {
  _id: string;
  id: string;
  username: string;
  name: string;
  bio: string;
  profilePicture: string | null;
  designsCount: number;
  followersCount: number;
};

export type SearchResponse = {
  designs: DesignCard[];
  users: SearchUserCard[];
  /**
   * How many designs match: exact up to SEARCH_MAX_RESULTS; past it (`capped`) an estimate, never
   * below SEARCH_MAX_RESULTS + 1 (docs/api.md#search).
   */
  total: number;
  /** Pages of the paged results: of at most SEARCH_MAX_RESULTS designs. */
  totalPages: number;
  page: number;
  /** True when more than SEARCH_MAX_RESULTS designs match: only the best of them are paged. */
  capped: boolean;
  /** True when the results include designs matched through similar spellings (typo tolerance). */
  approximate: boolean;
};
