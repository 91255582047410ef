import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import type { CollectionSummary } from '@printmarket/shared/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeCollection } from '@/features/collections/collection-cache.ts';
import { apiFetch } from '@/lib/api-client.ts';

export const FAILED_ADD_DESIGN = COLLECTION_MSG.failedAdd;

/**
 * PATCH /api/collections/{id}/add (owner only): answers the updated collection, or 409 'Already
 * Added' / 'Already in another collection'.
 */
export function addDesignToCollection(id: string, designId: string): Promise<CollectionSummary> {
  return apiFetch<CollectionSummary>(`/api/collections/${encodeURIComponent(id)}/add`, {
    method: 'PATCH',
    json: { designId },
  });
}

export function useAddDesign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (designId: string) => addDesignToCollection(id, designId),
    onSuccess: (collection) => storeCollection(queryClient, collection),
  });
}
