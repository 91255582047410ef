import type { TakedownReplyInput, TakedownReplyResponse } from '@printmarket/shared/admin';
import type { DesignDetail } from '@printmarket/shared/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client.ts';
import { designKeys } from './keys.ts';

/**
 * POST /api/designs/{id}/takedown-reply: the owner's one reply to a takedown (201); a second one is
 * refused with 409.
 */
export function sendTakedownReply(designId: string, message: string): Promise<TakedownReplyResponse> {
  return apiFetch<TakedownReplyResponse>(`/api/designs/${encodeURIComponent(designId)}/takedown-reply`, {
    method: 'POST',
    json: { message } satisfies TakedownReplyInput,
  });
}

/**
 * Sends the reply. The takedown as the server now has it (with the reply) goes into the design's
 * cached pages; after a 409 (a reply was sent already, from another tab say) they are asked again.
 */
export function useTakedownReply(designId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendTakedownReply(designId, message),
    onSuccess: ({ takedown }) => {
      queryClient.setQueriesData<DesignDetail>({ queryKey: designKeys.details }, (old) =>
        old && old.id === designId ? { ...old, takedown } : old,
      );
    },
    onError: (error) =>
      error instanceof ApiError && error.status === 409
        ? queryClient.invalidateQueries({ queryKey: designKeys.details })
        : undefined,
  });
}
