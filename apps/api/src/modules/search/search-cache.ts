import type { SearchResponse } from '@printmarket/shared/search';
import { LRUCache } from 'lru-cache';
import { SharedReads } from '../../lib/shared-reads.ts';

/** Answers kept at most; one is about 15 KB. */
const MAX_ANSWERS = 1000;

type Kept = { generation: string; answer: SearchResponse };

/**
 * Search answers of this process, each kept with the database's search generation it was computed
 * at (migration 0011): an answer is given again only while that generation is still current, so a
 * committed change from any instance is seen by the next search. Answers also expire after `ttlMs`,
 * which bounds how old the counters they show (views, likes, downloads) and their popularity order
 * may be. Searches for the same key and generation that arrive while one is computed wait for it.
 */
export class SearchCache {
  readonly #kept: LRUCache<string, Kept>;
  readonly #computing = new SharedReads<SearchResponse>();

  constructor(ttlMs: number) {
    this.#kept = new LRUCache({ max: MAX_ANSWERS, ttl: ttlMs });
  }

  async answer(key: string, generation: string, compute: () => Promise<SearchResponse>) {
    const kept = this.#kept.get(key);
    if (kept?.generation === generation) return kept.answer;
    return this.#computing.read(`${generation} ${key}`, () =>
      compute().then((answer) => {
        // A newer generation may have been stored meanwhile; never replace it with an older one.
        const now = this.#kept.get(key);
        if (!now || BigInt(now.generation) <= BigInt(generation)) this.#kept.set(key, { generation, answer });
        return answer;
      }),
    );
  }
}
