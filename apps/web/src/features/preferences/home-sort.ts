import { DESIGN_SORTS, type DesignSort } from '@printmarket/shared/constants';
import { DEFAULT_PREFERENCES } from '@printmarket/shared/preference-defaults';
import { paths } from '@/lib/paths.ts';

/** Words for each order in Settings > Preferences. */
export const HOME_SORT_LABELS: Record<DesignSort, string> = {
  newest: 'Newest',
  'most-popular': 'Most Popular',
  'most-downloaded': 'Most Downloads',
};

/** The home listing's order: the one the address names, else the person's saved default. */
export function listingSort(addressSort: string | null, preferred: DesignSort): DesignSort {
  return DESIGN_SORTS.includes(addressSort as DesignSort) ? (addressSort as DesignSort) : preferred;
}

/**
 * The address of a home listing page. The plain `/` shows each person their own default order, so
 * every other address names its order, and one shared address shows everyone the same listing.
 * Only the product's default (newest, docs/product.md#home) stays out of the address, and only for people who
 * kept it.
 */
export function listingHref(
  { sort, page }: { sort: DesignSort; page: number },
  preferred: DesignSort,
): string {
  const specDefault = DEFAULT_PREFERENCES.homeSort;
  return paths.home({
    sort: sort !== specDefault || preferred !== specDefault ? sort : undefined,
    page: page > 1 ? String(page) : undefined,
  });
}
