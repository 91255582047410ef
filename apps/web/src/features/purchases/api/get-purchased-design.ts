import type { DesignDetail } from '@printmarket/shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { purchaseKeys } from './keys.ts';

/** GET /api/designs/by-id/{id}: the design just bought, for the success page's preview. */
export function fetchDesignById(id: string, signal?: AbortSignal): Promise<DesignDetail> {
  return apiFetch<DesignDetail>(`/api/designs/by-id/${encodeURIComponent(id)}`, { signal });
}

/** The answer depends on who asks (canDownload), so the viewer is part of the key. */
export function designByIdQueryOptions(id: string, viewerId: string | null) {
  return queryOptions({
    queryKey: purchaseKeys.design(id, viewerId),
    queryFn: ({ signal }) => fetchDesignById(id, signal),
  });
}

export function useDesignById(id: string, viewerId: string | null, enabled: boolean) {
  return useQuery({ ...designByIdQueryOptions(id, viewerId), enabled });
}
