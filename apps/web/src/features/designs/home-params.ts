import { DESIGN_SORTS, type DesignSort } from '@printmarket/shared/constants';
import { paths } from '@/lib/paths.ts';

/**
 * The home listing keeps its sort and page in the address (`/?sort=most-popular&page=3`), so the
 * back button, reloads and shared links all show the same listing. Defaults are left out of the
 * address so the plain home page stays `/`.
 */
export type HomeParams = { sort: DesignSort; page: number };

export const DEFAULT_SORT: DesignSort = 'newest';

function isDesignSort(value: string | null): value is DesignSort {
  return DESIGN_SORTS.includes(value as DesignSort);
}

/** Reads the listing from the address; anything unknown or malformed falls back to the default. */
export function parseHomeParams(search: URLSearchParams): HomeParams {
  const sortParam = search.get('sort');
  const sort = isDesignSort(sortParam) ? sortParam : DEFAULT_SORT;
  const pageParam = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageParam) ? Math.max(Number(pageParam), 1) : 1;
  return { sort, page };
}

/** The address of a listing page, e.g. `/?sort=most-downloaded&page=2`, or `/` for the defaults. */
export function homeHref({ sort, page }: HomeParams): string {
  return paths.home({
    sort: sort !== DEFAULT_SORT ? sort : undefined,
    page: page > 1 ? String(page) : undefined,
  });
}
