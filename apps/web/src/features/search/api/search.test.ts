import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSearchParams } from '@/features/search/search-params.ts';
import { ApiError } from '@/lib/api-client.ts';
import { fetchSearch } from './search.ts';

const answer = (status: number, body: unknown) =>
  vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('fetchSearch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the query, page, page size and the filters that are set', async () => {
    const fetch = answer(200, { designs: [], users: [], total: 0, totalPages: 0, page: 2 });
    vi.stubGlobal('fetch', fetch);
    await fetchSearch(parseSearchParams(new URLSearchParams('query=red dragon&page=2&price=free')));
    const url = new URL(fetch.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/api/designs/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'red dragon',
      page: '2',
      limit: '12',
      price: 'free',
    });
  });

  it("fails with the product's text when the answer is not a search result", async () => {
    vi.stubGlobal('fetch', answer(200, { designs: [] }));
    await expect(fetchSearch(parseSearchParams(new URLSearchParams('query=x')))).rejects.toThrow(
      'Failed to fetch search results',
    );
  });

  it('passes on the server refusing the search', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, { message: 'Search text can be at most 100 characters.', code: 'VALIDATION_FAILED' }),
    );
    const failure = fetchSearch(parseSearchParams(new URLSearchParams(`query=${'a'.repeat(101)}`)));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400 });
  });
});
