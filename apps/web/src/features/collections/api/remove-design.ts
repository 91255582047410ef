import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import type { CollectionSummary } from '@printmarket/shared/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeCollection } from '@/features/collections/collection-cache.ts';
import { apiFetch } from '@/lib/api-client.ts';

export const FAILED_REMOVE_DESIGN = COLLECTION_MSG.failedRemove;

/** PATCH /api/collections/{id}/remove (owner only): the design stays, in no collection. */
export function removeDesignFromCollection(id: string, designId: string): Promise<CollectionSummary> {
  return apiFetch<CollectionSummary>(`/api/collections/${encodeURIComponent(id)}/remove`, {
    method: 'PATCH',
    json: { designId },
  });
}

export function useRemoveDesign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (designId: string) => removeDesignFromCollection(id, designId),
    onSuccess: (collection) => storeCollection(queryClient, collection),
  });
}
