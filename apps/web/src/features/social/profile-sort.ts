import {
  PROFILE_DESIGN_SORT_DEFAULT,
  PROFILE_DESIGN_SORTS,
  type ProfileDesignSort,
} from '@printmarket/shared/profile-sorts';

/** The order named in the address (`?sort=`), or the default (newest) for anything else. */
export function parseProfileSort(value: string | null): ProfileDesignSort {
  return PROFILE_DESIGN_SORTS.find((sort) => sort === value) ?? PROFILE_DESIGN_SORT_DEFAULT;
}
