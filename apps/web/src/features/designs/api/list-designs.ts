import { type DesignSort, PAGE_SIZE_DEFAULT } from '@printmarket/shared/constants';
import { MSG } from '@printmarket/shared/messages';
import type { DesignListResponse } from '@printmarket/shared/types';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { designKeys } from './keys.ts';

export type DesignListParams = { sort: DesignSort; page: number; limit?: number };

/** GET /api/designs/{sort}?page=&limit= : one page of design cards and the number of pages. */
export async function fetchDesignList(
  { sort, page, limit = PAGE_SIZE_DEFAULT }: DesignListParams,
  signal?: AbortSignal,
): Promise<DesignListResponse> {
  const search = new URLSearchParams({ page: String(page), limit: String(limit) });
  const body = await apiFetch<DesignListResponse>(`/api/designs/${sort}?${search}`, { signal });
  // A proxy or an old server can answer 200 with something else; fail loudly rather than render
  // an empty page that claims there are no models.
  if (!Array.isArray(body?.designs) || typeof body.totalPages !== 'number') {
    throw new Error(MSG.failedFetchDesigns);
  }
  return body;
}

export function designListQueryOptions(params: DesignListParams) {
  const { sort, page, limit = PAGE_SIZE_DEFAULT } = params;
  return queryOptions({
    queryKey: designKeys.list(sort, page, limit),
    queryFn: ({ signal }) => fetchDesignList({ sort, page, limit }, signal),
    // While the next page (or another sort) loads, the cards on screen stay put instead of the
    // grid collapsing to a spinner; the page marks them as stale meanwhile.
    placeholderData: keepPreviousData,
  });
}

export function useDesignList(params: DesignListParams) {
  return useQuery(designListQueryOptions(params));
}
