import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/auth/logout: revokes the token on the server. The session forgets the token locally
 * before this call completes, so the token is passed in explicitly. It carries no body.
 */
export function logout(token: string): Promise<{ message?: string } | undefined> {
  return apiFetch<{ message?: string } | undefined>('/api/auth/logout', {
    method: 'POST',
    headers: { 'x-auth-token': token },
  });
}
