import type { AuditResponse } from '@printmarket/shared/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** The audit log's filters as the form sends them; an empty one is left out. */
export type AuditFilter = { actor: string; action: string; targetId: string };

/** GET /api/admin/audit: newest first; `before` (the last id seen) pages on. */
export function fetchAudit(filter: AuditFilter, before: number | null, signal?: AbortSignal) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  if (before !== null) query.set('before', String(before));
  const search = query.toString();
  return apiFetch<AuditResponse>(`/api/admin/audit${search ? `?${search}` : ''}`, { signal });
}

/** The log in pages: 'Load more' asks for the next one while the server gives `nextBefore`. */
export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: ({ pageParam, signal }) => fetchAudit(filter, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}
