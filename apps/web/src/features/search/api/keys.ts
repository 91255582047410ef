import type { SearchParams } from '@/features/search/search-params.ts';

const all = ['search'] as const;

export const searchKeys = {
  all,
  /** One page of one search with its filters. */
  results: (params: SearchParams) => [...all, params] as const,
};
