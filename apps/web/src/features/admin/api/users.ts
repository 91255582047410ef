import type {
  AdminUser,
  AdminUserResponse,
  AdminUsersResponse,
  OperatorReasonInput,
} from '@printmarket/shared/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** The fewest characters the server searches by (adminUsersQuerySchema). */
export const MIN_SEARCH_LENGTH = 2;

/** GET /api/admin/users?q=: people by username, name or email. */
export function fetchAdminUsers(q: string, signal?: AbortSignal): Promise<AdminUsersResponse> {
  return apiFetch<AdminUsersResponse>(`/api/admin/users?${new URLSearchParams({ q })}`, { signal });
}

/** Asks only once a search of at least two characters was made (`q` empty: none yet). */
export function useAdminUsers(q: string) {
  return useQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ signal }) => fetchAdminUsers(q, signal),
    enabled: q.length >= MIN_SEARCH_LENGTH,
  });
}

const userPath = (id: string, action: string) => `/api/admin/users/${encodeURIComponent(id)}/${action}`;

/** POST /api/admin/users/{id}/suspend: the person can no longer sign in. */
export function suspendUser(id: string, reason: string): Promise<AdminUserResponse> {
  return apiFetch<AdminUserResponse>(userPath(id, 'suspend'), {
    method: 'POST',
    json: { reason } satisfies OperatorReasonInput,
  });
}

/** POST /api/admin/users/{id}/unsuspend: lifts the suspension; the reason is optional. */
export function unsuspendUser(id: string, reason: string): Promise<AdminUserResponse> {
  return apiFetch<AdminUserResponse>(userPath(id, 'unsuspend'), { method: 'POST', json: { reason } });
}

type UserAction = { id: string; reason: string; action: 'suspend' | 'unsuspend' };

/**
 * Suspends or lifts a suspension. The person as the server now has them replaces the old one in
 * every search shown, and the audit log is asked again.
 */
export function useSetSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason, action }: UserAction) =>
      action === 'suspend' ? suspendUser(id, reason) : unsuspendUser(id, reason),
    onSuccess: ({ user }) => {
      queryClient.setQueriesData<AdminUsersResponse>({ queryKey: adminKeys.allUsers }, (old) =>
        old ? { users: replaceById(old.users, user) } : old,
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.allAudit });
    },
  });
}

function replaceById(users: AdminUser[], next: AdminUser): AdminUser[] {
  return users.map((user) => (user.id === next.id ? next : user));
}
