import type { SearchResponse } from '@printmarket/shared/search';
import { describe, expect, it } from 'vitest';
import { SearchCache } from './search-cache.ts';

const answer = (total: number): SearchResponse => ({
  designs: [],
  users: [],
  total,
  totalPages: 0,
  page: 1,
  capped: false,
  approximate: false,
});

/** Counts how often an answer is computed; each computation answers with its number. */
function counter() {
  let calls = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    compute: async () => {
      calls += 1;
      const n = calls;
      await gate;
      return answer(n);
    },
    release: () => release(),
    get calls() {
      return calls;
    },
  };
}

describe('search cache', () => {
  it('computes once for searches of one key and generation that arrive together, then keeps it', async () => {
    const cache = new SearchCache(60_000);
    const work = counter();
    const together = [cache.answer('k', '1', work.compute), cache.answer('k', '1', work.compute)];
    work.release();
    expect(await Promise.all(together)).toEqual([answer(1), answer(1)]);
    expect(await cache.answer('k', '1', work.compute)).toEqual(answer(1));
    expect(work.calls).toBe(1);
  });

  it('computes again under a new generation, and never keeps an older one over a newer', async () => {
    const cache = new SearchCache(60_000);
    const work = counter();
    work.release();
    await cache.answer('k', '1', work.compute);
    expect(await cache.answer('k', '2', work.compute)).toEqual(answer(2));
    // A search that read generation 1 before the change finishes late: it answers, but is not kept.
    expect(await cache.answer('k', '1', work.compute)).toEqual(answer(3));
    expect(await cache.answer('k', '2', work.compute)).toEqual(answer(2));
    expect(work.calls).toBe(3);
  });

  it('keeps nothing from a failed computation', async () => {
    const cache = new SearchCache(60_000);
    await expect(cache.answer('k', '1', () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect(await cache.answer('k', '1', async () => answer(7))).toEqual(answer(7));
  });
});
