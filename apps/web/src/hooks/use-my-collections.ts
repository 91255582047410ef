import type { CollectionSummary } from '@printmarket/shared/types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { personKeys } from '@/lib/query-keys.ts';

/** GET /api/collections/my-collections: the signed-in person's collections, private ones too. */
export function useMyCollections(enabled = true) {
  return useQuery({
    queryKey: personKeys.myCollections,
    queryFn: ({ signal }) => apiFetch<CollectionSummary[]>('/api/collections/my-collections', { signal }),
    enabled,
  });
}
