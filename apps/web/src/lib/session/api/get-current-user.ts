import type { CurrentUser } from '@printmarket/shared/types';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * GET /api/auth/user: the person the stored token belongs to. Only the session calls this (it owns
 * the result and shares it through `useSession`), so there are no query options to go with it.
 */
export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiFetch<CurrentUser>('/api/auth/user');
}
