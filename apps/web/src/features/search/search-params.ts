import { CATEGORIES, type Category, TAG_MAX_LENGTH } from '@printmarket/shared/constants';
import { PRICE_FILTERS, type PriceFilter } from '@printmarket/shared/search';
import { paths } from '@/lib/paths.ts';

/**
 * The search screen keeps everything in its address (`/search?query=vase&category=Home&page=2`),
 * so Back, reloads and shared links show the same results. Defaults are left out of the address.
 */
export type SearchParams = {
  query: string;
  page: number;
  category: Category | null;
  price: PriceFilter | null;
  tag: string;
};

/** Reads the address; filters it cannot use fall back to "none" rather than failing the page. */
export function parseSearchParams(search: URLSearchParams): SearchParams {
  const pageParam = search.get('page') ?? '';
  const categoryParam = (search.get('category') ?? '').trim().toLowerCase();
  const priceParam = search.get('price') ?? '';
  return {
    query: (search.get('query') ?? '').trim(),
    page: /^\d{1,6}$/.test(pageParam) ? Math.max(Number(pageParam), 1) : 1,
    category: CATEGORIES.find((c) => c.toLowerCase() === categoryParam) ?? null,
    price: PRICE_FILTERS.includes(priceParam as PriceFilter) ? (priceParam as PriceFilter) : null,
    tag: normaliseTag(search.get('tag') ?? ''),
  };
}

/** Tags are stored trimmed and lower-case; a longer text than a tag can be matches nothing. */
export function normaliseTag(text: string): string {
  const tag = text.trim().replace(/\s+/g, ' ').toLowerCase();
  return tag.length <= TAG_MAX_LENGTH ? tag : '';
}

/** The address of a search results page. */
export function searchHref(params: SearchParams): string {
  return paths.search({
    query: params.query,
    category: params.category ?? undefined,
    price: params.price ?? undefined,
    tag: params.tag,
    page: params.page > 1 ? String(params.page) : undefined,
  });
}

/** The same search with other filters, from its first page (the old page number means nothing now). */
export function withFilters(params: SearchParams, change: Partial<Omit<SearchParams, 'query' | 'page'>>) {
  return { ...params, ...change, page: 1 };
}
