/**
 * Tabs kept in the address (`?tab=collections`), so reloads, the back button and shared links open
 * the same tab. The first tab is the default and stays out of the address.
 */
export type TabItem<Id extends string> = { id: Id; label: string };

export function tabFromAddress<Id extends string>(value: string | null, tabs: readonly TabItem<Id>[]): Id {
  const first = tabs[0];
  if (!first) throw new Error('A tab list needs at least one tab.');
  return tabs.find((tab) => tab.id === value)?.id ?? first.id;
}

/** The address's search part with `tab` set to `id` (left out for the first tab), other keys kept. */
export function searchWithTab<Id extends string>(
  search: URLSearchParams,
  id: Id,
  tabs: readonly TabItem<Id>[],
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (id === tabs[0]?.id) next.delete('tab');
  else next.set('tab', id);
  return next;
}

/**
 * Where a key press moves the focus in a horizontal tab list (WAI-ARIA tabs pattern): arrows to
 * the neighbour, wrapping at the ends; Home and End to the first and last. Null for other keys.
 */
export function tabIndexAfterKey(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
