import type { DeleteAccountInput, DeleteAccountResponse } from '@printmarket/shared/account-deletion';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * DELETE /api/user/account: confirmed with the password, or with the username for an account that
 * signs in only with Google (403 NO_PASSWORD when a password was sent for one). Ends the session on
 * the server: the token is refused from then on.
 */
export function deleteAccount(input: DeleteAccountInput): Promise<DeleteAccountResponse> {
  return apiFetch<DeleteAccountResponse>('/api/user/account', { method: 'DELETE', json: input });
}

export function useDeleteAccountMutation() {
  return useMutation({ mutationFn: deleteAccount });
}
