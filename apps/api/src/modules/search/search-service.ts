import { PAGE_SIZE_DEFAULT } from '@printmarket/shared/constants';
import {
  SEARCH_MAX_RESULTS,
  SEARCH_USERS_LIMIT,
  type SearchResponse,
  type SearchUserCard,
} from '@printmarket/shared/search';
import { publicImageUrl } from '../../lib/public-images.ts';
import { toDesignCard } from '../designs/present-card.ts';
import type { SearchCache } from './search-cache.ts';
import { RankedCollection } from './search-ranking.ts';
import type {
  MatchRow,
  MatchSet,
  Sample,
  SearchFilters,
  SearchRepo,
  SpellingRequest,
} from './search-repo.ts';
import { parseSearchTerms, type SearchTerms, SPELLING_MIN_LENGTH, wordGroups } from './search-terms.ts';

export type SearchRequest = { text: string; page: number; limit: number; filters: SearchFilters };

export type SearchOptions = {
  /** How many of the most viewed designs are read first (see SearchRepo.popularMatches). */
  windowSize: number;
  /** Designs ranked and counted at most. */
  maxResults: number;
  /** Fewer matches than this turn on typo tolerance. */
  fuzzyBelow: number;
  /** Similar spellings tried per word. */
  spellingsPerWord: number;
  /** Fewest matches in the window that may stand for a total estimated from it. */
  estimateMinSample: number;
};

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  windowSize: 1000,
  maxResults: SEARCH_MAX_RESULTS,
  fuzzyBelow: PAGE_SIZE_DEFAULT,
  spellingsPerWord: 2,
  estimateMinSample: 10,
};

/**
 * Relevance tiers, best first. Typo-tolerant matches rank below every match of the words as typed.
 * Within a tier, the most viewed design comes first.
 */
const TIER = {
  wholeName: 7,
  name: 6,
  nameOrTags: 5,
  anywhere: 4,
  similarName: 3,
  similarNameOrTags: 2,
  similarAnywhere: 1,
} as const;

/** GET /api/designs/search: designs by relevance then popularity, and people by name. */
export class SearchService {
  constructor(
    private readonly repo: SearchRepo,
    private readonly options: SearchOptions = DEFAULT_SEARCH_OPTIONS,
    /** Keeps answers while nothing they show has changed; null: every search is computed. */
    private readonly cache: SearchCache | null = null,
  ) {}

  async search(request: SearchRequest): Promise<SearchResponse> {
    const terms = parseSearchTerms(request.text);
    if (!this.cache) return this.#search(terms, request);
    // Texts that read the same as terms (case, spacing) get the same answer.
    const { page, limit, filters } = request;
    const key = JSON.stringify([terms.phrase, page, limit, filters.category, filters.price, filters.tag]);
    return this.cache.answer(key, await this.repo.generation(), () => this.#search(terms, request));
  }

  async #search(terms: SearchTerms, request: SearchRequest): Promise<SearchResponse> {
    const [designs, users] = await Promise.all([this.#designs(terms, request), this.#users(terms)]);
    return {
      designs: designs.cards,
      users,
      total: designs.total,
      // Only the best maxResults are paged, however many match.
      totalPages: Math.ceil(Math.min(designs.total, this.options.maxResults) / request.limit),
      page: request.page,
      capped: designs.capped,
      approximate: designs.approximate,
    };
  }

  async #designs(terms: SearchTerms, request: SearchRequest) {
    if (terms.words.length === 0) return { cards: [], total: 0, capped: false, approximate: false };
    const offset = (request.page - 1) * request.limit;
    // How many results the page needs ranked ahead of it, itself included.
    const wanted = Math.min(offset + request.limit, this.options.maxResults);

    const exactWords = wordGroups(terms.words);
    const exact: MatchSet[] = [
      { tier: TIER.wholeName, kind: 'phrase', phrase: terms.phrase },
      { tier: TIER.name, kind: 'words', words: exactWords, fields: 'name' },
      { tier: TIER.nameOrTags, kind: 'words', words: exactWords, fields: 'title' },
      { tier: TIER.anywhere, kind: 'words', words: exactWords, fields: 'all' },
    ];
    const spellingRequest = {
      words: terms.words.filter((word) => word.length >= SPELLING_MIN_LENGTH),
      perWord: this.options.spellingsPerWord,
    };
    let found = await this.#rank(exact, request.filters, wanted, [], spellingRequest);
    let approximate = false;
    // Typo tolerance, only when the words as typed find too few: words that no name or tag has may
    // also be their most similar spellings. The similar words include the words as typed, so the
    // last similar set holds every match, and the exact sets keep their tiers above them.
    if (found.total < this.options.fuzzyBelow) {
      const { spellings } = found;
      if (spellings.size > 0) {
        const similarWords = wordGroups(terms.words, spellings);
        const similar: MatchSet[] = [
          { tier: TIER.similarName, kind: 'words', words: similarWords, fields: 'name' },
          { tier: TIER.similarNameOrTags, kind: 'words', words: similarWords, fields: 'title' },
          { tier: TIER.similarAnywhere, kind: 'words', words: similarWords, fields: 'all' },
        ];
        const exactTotal = found.total;
        // Words as typed that match nothing need no second look.
        const empty = exactTotal === 0 ? exact : [];
        found = await this.#rank([...exact, ...similar], request.filters, wanted, empty);
        approximate = found.total > exactTotal;
      }
    }

    const pageIds = found.ranked.page(offset, Math.max(wanted - offset, 0)).map((d) => d.id);
    const rows = await this.repo.cards(pageIds);
    const byId = new Map(rows.map((row) => [row.id, toDesignCard(row, row.images)]));
    const cards = pageIds.map((id) => byId.get(id)).filter((card) => card !== undefined);
    return { cards, total: found.total, capped: found.total > this.options.maxResults, approximate };
  }

  /**
   * Ranks the first `wanted` designs of the sets (given best tier first, broadest last) and tells
   * how many designs match: the broadest set's size, counted exactly when it is small, estimated
   * when it is clearly more than the cap (see #count).
   *
   * The window of most viewed designs is read first, in one statement with the whole-name members.
   * A set then needs its first `wanted` designs read from its own index only when the window holds
   * fewer of them, it is not known to be complete, and no better set already fills the page (a
   * design in no better set ranks below all of that set's members): for a common word none does.
   * Sets in `empty` are known to have no members; the similar spellings of `spellings` come along.
   */
  async #rank(
    sets: MatchSet[],
    filters: SearchFilters,
    wanted: number,
    empty: MatchSet[] = [],
    spellings?: SpellingRequest,
  ) {
    const { windowSize } = this.options;
    const broadest = sets.length - 1;
    const sample = await this.repo.sample(sets, filters, windowSize, wanted, spellings);
    const counted = await this.#count(sets, sample, filters, wanted);

    // Whole-name sets are read through their index with the window; the rest are complete when all
    // matches are known. Otherwise the window, the most viewed designs, holds a set's first members.
    const known = [...sample.phrase, ...sample.window, ...counted.rows];
    const toRead: MatchSet[] = [];
    for (const [i, set] of sets.entries()) {
      const complete = set.kind === 'phrase' || counted.allKnown || empty.includes(set);
      const members = new Set(
        (complete ? known : sample.window).filter((row) => row.flags[i]).map((row) => row.id),
      );
      if (members.size >= wanted) break;
      if (!complete) toRead.push(set);
    }
    const fromIndexes =
      wanted > 0 && toRead.length > 0
        ? await this.repo.withBitmapScans((scans) => scans.topOfSets(toRead, sets, filters, wanted))
        : [];

    const ranked = new RankedCollection();
    const matching = new Set<string>();
    for (const row of [...known, ...fromIndexes]) {
      const tiers = sets.filter((_, i) => row.flags[i]).map((set) => set.tier);
      if (tiers.length > 0) {
        ranked.add({ id: row.id, tier: Math.max(...tiers), views: row.views, created_us: row.created_us });
      }
      if (row.flags[broadest]) matching.add(row.id);
    }
    // Fewer designs ranked than the page needs means every set was read to its end (any set with
    // `wanted` members would have filled it), so the matches are all known: an estimate that the
    // popularity of the matching designs misled is corrected here.
    const total = ranked.size < wanted ? matching.size : counted.total;
    return { ranked, total, spellings: sample.spellings };
  }

  /**
   * How many designs match (the broadest set), and, when that is fewer than the page needs, all of
   * them. When the window was the whole catalogue it holds every match. When the window's share of
   * matches puts the total far above the cap (at least twice, from at least `estimateMinSample`
   * matches), the share times the catalogue's size is the total: counting thousands of matches in
   * the index costs as much as the rest of the search several times over. Otherwise the index
   * counts them, no further than one past the cap.
   */
  async #count(sets: MatchSet[], sample: Sample, filters: SearchFilters, wanted: number) {
    const { maxResults, estimateMinSample } = this.options;
    const broadest = sets.at(-1)!;
    const sampled = sample.window.filter((row) => row.flags.at(-1)).length;
    if (sample.windowRows < this.options.windowSize) {
      return { total: sampled, allKnown: true, rows: [] as MatchRow[] };
    }
    const estimate =
      sample.catalogueSize > 0 ? Math.round((sampled / sample.windowRows) * sample.catalogueSize) : 0;
    if (sampled >= estimateMinSample && estimate >= 2 * maxResults) {
      return { total: estimate, allKnown: false, rows: [] as MatchRow[] };
    }
    return this.repo.withBitmapScans(async (scans) => {
      const counted = await scans.countUpTo(broadest, filters, maxResults + 1);
      const allKnown = counted < wanted || counted === 0;
      const rows = allKnown && counted > 0 ? await scans.topOfSets([broadest], sets, filters, wanted) : [];
      // Past the cap, the count only says "more": the estimate tells how many more, when it can.
      const total = counted > maxResults ? Math.max(counted, estimate) : counted;
      return { total, allKnown, rows };
    });
  }

  async #users(terms: SearchTerms): Promise<SearchUserCard[]> {
    if (terms.words.length === 0) return [];
    const rows = await this.repo.users(
      { phrase: terms.words.join(' '), compact: terms.words.join('') },
      SEARCH_USERS_LIMIT,
    );
    return rows.map((row) => ({
      _id: row.id,
      id: row.id,
      username: row.username,
      name: row.name,
      bio: row.bio,
      profilePicture: publicImageUrl(row.profile_picture_key),
      designsCount: Number(row.designs_count ?? 0),
      followersCount: Number(row.followers_count ?? 0),
    }));
  }
}
