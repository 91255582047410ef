import type { ChangePasswordInput, ChangePasswordResponse } from '@printmarket/shared/password-change';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/auth/change-password: needs the current password; ends every other session of the
 * person, while this browser's token keeps working.
 */
export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return apiFetch<ChangePasswordResponse>('/api/auth/change-password', { method: 'POST', json: input });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
