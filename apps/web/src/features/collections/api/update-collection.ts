import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import type { CollectionSummary } from '@printmarket/shared/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeCollection } from '@/features/collections/collection-cache.ts';
import type { CollectionPayload } from '@/features/collections/collection-form.ts';
import { apiFetch } from '@/lib/api-client.ts';

export const FAILED_UPDATE_COLLECTION = COLLECTION_MSG.failedUpdate;

/** PUT /api/collections/{id} (owner only): the edited fields; answers the updated collection. */
export function updateCollection(id: string, fields: CollectionPayload): Promise<CollectionSummary> {
  return apiFetch<CollectionSummary>(`/api/collections/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: fields,
  });
}

export function useUpdateCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: CollectionPayload) => updateCollection(id, fields),
    onSuccess: (collection) => storeCollection(queryClient, collection),
  });
}
