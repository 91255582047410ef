import { apiFetch } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/logout: revokes the token on the server. The session forgets the token locally
 * before this call completes, so the token is passed in explicitly. No body and therefore no JSON
 * content type: Fastify answers 400 to a JSON content type with an empty body.
 */
export function logout(token: string): Promise<{ message?: string } | undefined> {
  return apiFetch<{ message?: string } | undefined>('/api/auth/logout', {
    method: 'POST',
    headers: { 'x-auth-token': token },
  });
}
