import type { VerifyEmailInput, VerifyEmailResponse } from '@printmarket/shared/email-verification';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/auth/verify-email: confirms the address with the token of a confirmation link. Needs no
 * session, as the link may be opened in another browser. Refused with the code VERIFY_TOKEN_INVALID
 * for a used, expired or unknown link.
 */
export function verifyEmail(input: VerifyEmailInput): Promise<VerifyEmailResponse> {
  return apiFetch<VerifyEmailResponse>('/api/auth/verify-email', { method: 'POST', json: input });
}

export function useVerifyEmailMutation() {
  return useMutation({ mutationFn: verifyEmail });
}
