import type { RegisterInput } from '@printmarket/shared/auth';
import type { AuthResponse } from '@printmarket/shared/types';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/** POST /api/auth/register: creates the account and answers `{ token, user }` (201). */
export function register(input: RegisterInput): Promise<Partial<AuthResponse>> {
  return apiFetch<Partial<AuthResponse>>('/api/auth/register', {
    method: 'POST',
    json: input,
    credentials: 'include',
  });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
