import { personKeys, rootKeys } from '@/lib/query-keys.ts';

const all = rootKeys.collections;
const details = rootKeys.collectionPages;

/** The query keys of collections; all of them start with `collectionKeys.all`. */
export const collectionKeys = {
  all,
  mine: personKeys.myCollections,
  /** Collection pages, one entry per collection and viewer. */
  details,
  /** One collection's page as every viewer has it cached. */
  detailForAnyViewer: (id: string) => [...details, id] as const,
  detail: (id: string, viewerId: string | null) => [...details, id, viewerId] as const,
};
