/**
 * Which page buttons a pager shows: always the first and last page, the current page and its
 * neighbours, with an ellipsis standing in for each longer run of hidden pages.
 *
 * An ellipsis never hides a single page: "1 … 3" would take as much room as "1 2 3" while telling
 * the reader less, so a one-page gap is filled with that page instead.
 */
export type PaginationItem = number | 'start-ellipsis' | 'end-ellipsis';

export function paginationItems(current: number, total: number): PaginationItem[] {
  const last = Math.floor(total);
  if (!Number.isFinite(last) || last < 1) return [];
  // A stale or hand-edited URL can ask for a page outside the range; show the nearest one.
  const page = Math.min(Math.max(Math.floor(current) || 1, 1), last);

  const shown = [...new Set([1, page - 1, page, page + 1, last])]
    .filter((p) => p >= 1 && p <= last)
    .sort((a, b) => a - b);

  const items: PaginationItem[] = [];
  let previous = 0;
  for (const p of shown) {
    const gap = p - previous - 1;
    if (gap === 1) items.push(previous + 1);
    else if (gap > 1) items.push(p <= page ? 'start-ellipsis' : 'end-ellipsis');
    items.push(p);
    previous = p;
  }
  return items;
}
