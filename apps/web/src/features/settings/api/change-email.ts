import type { ChangeEmailInput, ChangeEmailResponse } from '@printmarket/shared/email-change';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/auth/change-email: needs the password; mails a confirmation link to the new address,
 * which takes effect only when that link is opened (and tells the old address).
 */
export function changeEmail(input: ChangeEmailInput): Promise<ChangeEmailResponse> {
  return apiFetch<ChangeEmailResponse>('/api/auth/change-email', { method: 'POST', json: input });
}

export function useChangeEmailMutation() {
  return useMutation({ mutationFn: changeEmail });
}
