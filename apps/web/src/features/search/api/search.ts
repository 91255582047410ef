import { PAGE_SIZE_DEFAULT } from '@printmarket/shared/constants';
import { SEARCH_MSG, type SearchResponse } from '@printmarket/shared/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchParams } from '@/features/search/search-params.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { searchKeys } from './keys.ts';

/** GET /api/designs/search?query=&page=&limit=&category=&price=&tag= : designs and people. */
export async function fetchSearch(params: SearchParams, signal?: AbortSignal): Promise<SearchResponse> {
  const search = new URLSearchParams({
    query: params.query,
    page: String(params.page),
    limit: String(PAGE_SIZE_DEFAULT),
  });
  if (params.category) search.set('category', params.category);
  if (params.price) search.set('price', params.price);
  if (params.tag) search.set('tag', params.tag);
  const body = await apiFetch<SearchResponse>(`/api/designs/search?${search}`, { signal });
  // A proxy or an old server can answer 200 with something else; say so rather than claim that
  // nothing was found.
  if (!Array.isArray(body?.designs) || !Array.isArray(body?.users) || typeof body.totalPages !== 'number') {
    throw new Error(SEARCH_MSG.failed);
  }
  return body;
}

export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) => fetchSearch(params, signal),
    // While another page or filter of the same search loads, the results on screen stay (marked
    // as stale) instead of the list collapsing; a new search text starts from the loading state.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1].query === params.query ? previous : undefined,
  });
}

/** Does not ask the server until there is something to search for. */
export function useSearch(params: SearchParams) {
  return useQuery({ ...searchQueryOptions(params), enabled: params.query !== '' });
}
