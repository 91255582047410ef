import type { ResendVerificationResponse } from '@printmarket/shared/email-verification';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/auth/resend-verification: mails the signed-in person a new confirmation link. Refused
 * with ALREADY_VERIFIED once the address is confirmed, RATE_LIMITED when asked too often.
 */
export function resendVerification(): Promise<ResendVerificationResponse> {
  return apiFetch<ResendVerificationResponse>('/api/auth/resend-verification', { method: 'POST' });
}

export function useResendVerificationMutation() {
  return useMutation({ mutationFn: resendVerification });
}
