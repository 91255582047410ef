import type { LoginInput } from '@printmarket/shared/auth';
import type { AuthResponse } from '@printmarket/shared/types';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/** POST /api/auth/login: `{ token, user }` for a correct email and password. */
export function login(input: LoginInput): Promise<AuthResponse> {
  return apiFetch<AuthResponse>('/api/auth/login', { method: 'POST', json: input, credentials: 'include' });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
