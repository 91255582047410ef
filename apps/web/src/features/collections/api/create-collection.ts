import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAroundCollections } from '@/features/collections/collection-cache.ts';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * Shown when creating fails and the server said nothing usable (docs/product.md#messages has no text for it).
 */
export const FAILED_CREATE_COLLECTION = 'Failed to create collection';

export type CreatedCollection = { _id: string; id: string; message: string };

/**
 * POST /api/collections/create, multipart (see buildCreateCollectionFormData). The server checks in
 * the order of docs/product.md#validation and answers 409 'Already in another collection' for a design taken
 * meanwhile.
 */
export function createCollection(body: FormData): Promise<CreatedCollection> {
  return apiFetch<CreatedCollection>('/api/collections/create', { method: 'POST', body });
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: () => refreshAroundCollections(queryClient),
  });
}
