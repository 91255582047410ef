import type { ForgotPasswordInput, PasswordResetResponse } from '@printmarket/shared/password-reset';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/auth/forgot-password: mails a reset link if an account uses the address. The answer is
 * the same either way, so it never tells who has an account.
 */
export function forgotPassword(input: ForgotPasswordInput): Promise<PasswordResetResponse> {
  return apiFetch<PasswordResetResponse>('/api/auth/forgot-password', { method: 'POST', json: input });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
