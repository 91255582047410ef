import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchStoredCollection } from '@/features/collections/collection-cache.ts';
import { apiFetch } from '@/lib/api-client.ts';

export const FAILED_UPDATE_COVER = COLLECTION_MSG.failedCover;

/** PATCH /api/collections/{id}/update-cover (owner only), multipart `coverImage`. */
export function updateCollectionCover(id: string, cover: File): Promise<{ coverImageUrl: string }> {
  const body = new FormData();
  body.append('coverImage', cover, cover.name);
  return apiFetch<{ coverImageUrl: string }>(`/api/collections/${encodeURIComponent(id)}/update-cover`, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateCover(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cover: File) => updateCollectionCover(id, cover),
    onSuccess: ({ coverImageUrl }) => patchStoredCollection(queryClient, id, { coverImageUrl }),
  });
}
