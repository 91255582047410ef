import type { CollectionSummary } from '@printmarket/shared/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeCollection } from '@/features/collections/collection-cache.ts';
import { apiFetch } from '@/lib/api-client.ts';

export const FAILED_ARCHIVE_COLLECTION = 'Failed to archive collection';
export const FAILED_UNARCHIVE_COLLECTION = 'Failed to unarchive collection';

/**
 * POST /api/collections/{id}/archive or /unarchive (owner only). Archived, it leaves listings and
 * sales while buyers and subscribers keep their access; answers the collection as it now stands.
 */
export function setArchived(id: string, archived: boolean): Promise<CollectionSummary> {
  const action = archived ? 'archive' : 'unarchive';
  return apiFetch<CollectionSummary>(`/api/collections/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
  });
}

export function useSetArchived(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archived: boolean) => setArchived(id, archived),
    onSuccess: (collection) => storeCollection(queryClient, collection),
  });
}
