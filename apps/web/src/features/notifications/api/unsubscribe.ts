import type { UnsubscribeResponse } from '@printmarket/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/**
 * POST /api/notifications/unsubscribe: turns off the kind of mail the link's token names. Needs no
 * session, as the mail may be opened anywhere. Refused with the code INVALID_TOKEN for a token it
 * does not know.
 */
export function unsubscribe(input: { token: string }): Promise<UnsubscribeResponse> {
  return apiFetch<UnsubscribeResponse>('/api/notifications/unsubscribe', { method: 'POST', json: input });
}

export function useUnsubscribeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    // Settings loaded earlier in this tab would still show the mail as on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
