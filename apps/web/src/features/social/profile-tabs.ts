/** The public profile's tabs (spec section 2), in order; the first is shown by default. */
export const PROFILE_TABS = [
  { id: 'designs', label: 'Designs' },
  { id: 'likes', label: 'Likes' },
  { id: 'about', label: 'About' },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]['id'];

/** The tab named in the address (`?tab=`), or the first one for anything else. */
export function parseProfileTab(value: string | null): ProfileTab {
  return PROFILE_TABS.find((tab) => tab.id === value)?.id ?? 'designs';
}

/**
 * Where a key press moves the focus in a row of `count` tabs (WAI-ARIA tabs pattern): the arrow
 * keys step and wrap around, Home and End jump to the ends. Null for keys the tabs do not handle.
 */
export function tabIndexAfterKey(current: number, key: string, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
