import type { DesignSort } from '@printmarket/shared/constants';
import { personKeys, rootKeys } from '@/lib/query-keys.ts';

const all = rootKeys.designs;
/** Design pages: by owner (names match whatever their case) and slug, then viewer. */
const details = [...all, 'detail'] as const;

/** The query keys of designs; all of them start with `designKeys.all`. */
export const designKeys = {
  all,
  list: (sort: DesignSort, page: number, limit: number) => [...all, 'list', sort, { page, limit }] as const,
  details,
  /** One design's page as every viewer has it cached. */
  detailForAnyViewer: (username: string, slug: string) => [...details, username.toLowerCase(), slug] as const,
  detail: (username: string, slug: string, viewerId: string | null) =>
    [...details, username.toLowerCase(), slug, viewerId] as const,
  location: (slug: string) => [...all, 'by-slug', slug] as const,
  edit: (designId: string, viewerId: string | null) => [...all, 'edit', designId, viewerId] as const,
  mine: personKeys.myDesigns,
  likedBy: personKeys.likedDesigns,
};
