import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import type { CollectionSummary } from '@printmarket/shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { collectionKeys } from './keys.ts';

export const FAILED_FETCH_COLLECTION = COLLECTION_MSG.failedFetch;

/** GET /api/collections/{id}: 404 'Collection not found.' when missing, or private and not yours. */
export function fetchCollection(id: string, signal?: AbortSignal): Promise<CollectionSummary> {
  return apiFetch<CollectionSummary>(`/api/collections/${encodeURIComponent(id)}`, { signal });
}

/**
 * Whether a private collection is shown depends on who asks, so the viewer's id is part of the key:
 * signing out never leaves the owner's private collection on screen.
 */
export function collectionQueryOptions(id: string, viewerId: string | null) {
  return queryOptions({
    queryKey: collectionKeys.detail(id, viewerId),
    queryFn: ({ signal }) => fetchCollection(id, signal),
  });
}

export function useCollection(id: string, viewerId: string | null, enabled = true) {
  return useQuery({ ...collectionQueryOptions(id, viewerId), enabled });
}
