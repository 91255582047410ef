import type { PasswordResetResponse, ResetPasswordInput } from '@printmarket/shared/password-reset';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/auth/reset-password: sets the new password with the token of a reset link. Refused with
 * the code RESET_TOKEN_INVALID for a used, expired or unknown link, WEAK_PASSWORD for a password the
 * sign-up rules refuse.
 */
export function resetPassword(input: ResetPasswordInput): Promise<PasswordResetResponse> {
  return apiFetch<PasswordResetResponse>('/api/auth/reset-password', { method: 'POST', json: input });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
