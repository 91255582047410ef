import { PAGE_SIZE_DEFAULT } from '@printmarket/shared/constants';
import {
  SEARCH_MAX_RESULTS,
  SEARCH_USERS_LIMIT,
  type SearchResponse,
  type SearchUserCard,
} from '@printmarket/shared/search';
import { publicImageUrl } from '../../lib/public-images.ts';
import { toDesignCard } from '../designs/present-card.ts';
import { RankedCollection } from './search-ranking.ts';
import type { MatchRow, MatchSet, SearchFilters, SearchRepo } from './search-repo.ts';
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
};

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  windowSize: 1000,
  maxResults: SEARCH_MAX_RESULTS,
  fuzzyBelow: PAGE_SIZE_DEFAULT,
  spellingsPerWord: 2,
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
  ) {}

  async search(request: SearchRequest): Promise<SearchResponse> {
    const terms = parseSearchTerms(request.text);
    const [designs, users] = await Promise.all([this.#designs(terms, request), this.#users(terms)]);
    return {
      designs: designs.cards,
      users,
      total: designs.total,
      totalPages: Math.ceil(designs.total / request.limit),
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
    // Typo tolerance: words that no name or tag has may also be their most similar spellings.
    const spellings = await this.repo.similarSpellings(
      terms.words.filter((word) => word.length >= SPELLING_MIN_LENGTH),
      this.options.spellingsPerWord,
    );
    const similarWords = wordGroups(terms.words, spellings);
    const similar: MatchSet[] =
      spellings.size === 0
        ? []
        : [
            { tier: TIER.similarName, kind: 'words', words: similarWords, fields: 'name' },
            { tier: TIER.similarNameOrTags, kind: 'words', words: similarWords, fields: 'title' },
            { tier: TIER.similarAnywhere, kind: 'words', words: similarWords, fields: 'all' },
          ];
    const found = await this.#rank(exact, similar, request.filters, wanted);

    const pageIds = found.ranked.page(offset, Math.max(wanted - offset, 0)).map((d) => d.id);
    const rows = await this.repo.cards(pageIds);
    const byId = new Map(rows.map((row) => [row.id, toDesignCard(row, row.images)]));
    const cards = pageIds.map((id) => byId.get(id)).filter((card) => card !== undefined);
    return { cards, total: found.total, capped: found.capped, approximate: found.approximate };
  }

  /**
   * Ranks the first `wanted` designs of each set (by popularity) and counts the matches. The
   * `similar` sets (typo tolerance) join only when the `exact` ones match fewer than `fuzzyBelow`
   * designs; both end with their broadest set, and the similar words include the words as typed, so
   * the last similar set holds every match.
   *
   * Two reads run side by side (on PostgreSQL, on two connections): the most viewed designs, tested
   * against every set, and, from the indexes, the counts plus what is certain to be small: the
   * designs named exactly like the search (hardly ever among the most viewed), and every match when
   * there are fewer than `wanted` (the broadest set, whose rows tell their membership of the others).
   * A set that then still has fewer than `wanted` members among the most viewed is read from its own
   * index: for a common word none is.
   */
  async #rank(exact: MatchSet[], similar: MatchSet[], filters: SearchFilters, wanted: number) {
    const { windowSize, maxResults, fuzzyBelow } = this.options;
    const sets = [...exact, ...similar];
    const [popular, counted] = await Promise.all([
      this.repo.popularMatches(sets, filters, windowSize),
      this.repo.withBitmapScans(async (scans) => {
        const exactCount = await scans.countUpTo(exact.at(-1)!, filters, maxResults + 1);
        const withSimilar = similar.length > 0 && exactCount < fuzzyBelow;
        const total = withSimilar ? await scans.countUpTo(sets.at(-1)!, filters, maxResults + 1) : exactCount;
        const readNow = [
          ...exact.filter((set) => set.kind === 'phrase'),
          ...(exactCount > 0 && exactCount < wanted ? exact.slice(-1) : []),
          ...(withSimilar && total > exactCount && total < wanted ? similar.slice(-1) : []),
        ];
        const rows = wanted > 0 ? await scans.topOfSets(readNow, sets, filters, wanted) : [];
        return { exactCount, withSimilar, total, rows };
      }),
    ]);
    const { exactCount, withSimilar, total } = counted;

    const used = withSimilar ? sets : exact;
    // Sets whose first `wanted` designs were all read above.
    const complete = (set: MatchSet) =>
      set.kind === 'phrase' || (exact.includes(set) ? exactCount < wanted : total < wanted);
    const members = used.map((_, i) => popular.filter((row) => row.flags[i]));
    const short = used.filter((set, i) => wanted > 0 && !complete(set) && (members[i]?.length ?? 0) < wanted);
    const fromIndexes =
      short.length > 0
        ? await this.repo.withBitmapScans((scans) => scans.topOfSets(short, sets, filters, wanted))
        : [];

    const ranked = new RankedCollection();
    const add = (row: MatchRow) => {
      const tiers = used.filter((_, i) => row.flags[i]).map((set) => set.tier);
      if (tiers.length > 0) {
        ranked.add({ id: row.id, tier: Math.max(...tiers), views: row.views, created_us: row.created_us });
      }
    };
    for (const rows of members) for (const row of rows.slice(0, wanted)) add(row);
    for (const row of [...counted.rows, ...fromIndexes]) add(row);
    return {
      ranked,
      total: Math.min(total, maxResults),
      capped: total > maxResults,
      approximate: withSimilar && total > exactCount,
    };
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
