import type { DesignSort } from '@printmarket/shared/constants';

/** Heading and dropdown text for each listing order (docs/product.md#home, verbatim). */
export const SORT_OPTIONS: Record<DesignSort, { heading: string; label: string }> = {
  newest: { heading: 'Newest Models', label: 'Sort: Newest First' },
  'most-popular': { heading: 'Most Popular Models', label: 'Sort: Most Popular' },
  'most-downloaded': { heading: 'Most Downloaded Models', label: 'Sort: Most Downloads' },
};
