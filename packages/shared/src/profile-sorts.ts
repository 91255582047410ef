/** Orders of a person's design list on their profile (`?sort=`), the first being the default. */
export const PROFILE_DESIGN_SORTS = ['newest', 'most-popular', 'most-liked'] as const;
export type ProfileDesignSort = (typeof PROFILE_DESIGN_SORTS)[number];
export const PROFILE_DESIGN_SORT_DEFAULT: ProfileDesignSort = 'newest';

/** The profile's sort dropdown (docs/product.md#public-profile, verbatim). */
export const PROFILE_DESIGN_SORT_LABELS: Record<ProfileDesignSort, string> = {
  newest: 'Newest',
  'most-popular': 'Most Popular',
  'most-liked': 'Most Liked',
};
