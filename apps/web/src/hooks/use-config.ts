import type { PublicConfig } from '@printmarket/shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { rootKeys } from '@/lib/query-keys.ts';

/** GET /api/config: what this installation offers (Google sign-in) and who runs it (footer). */
export function fetchConfig(): Promise<PublicConfig> {
  return apiFetch<PublicConfig>('/api/config');
}

export const configQueryOptions = queryOptions({
  queryKey: rootKeys.config,
  queryFn: fetchConfig,
  // The configuration only changes when the server restarts; one read per page load is enough.
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useConfig() {
  return useQuery(configQueryOptions);
}
