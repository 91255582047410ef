import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export const FAILED_DELETE_COLLECTION = COLLECTION_MSG.failedDelete;

/** DELETE /api/collections/{id} (owner only): its designs stay, in no collection. */
export function deleteCollection(id: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/api/collections/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * The cache is cleaned by the page once it has left (forgetCollection): dropping the collection
 * while its page still shows would fetch it again and flash 'Collection not found.'.
 */
export function useDeleteCollection(id: string) {
  return useMutation({ mutationFn: () => deleteCollection(id) });
}
