import type { DesignDetail } from '@printmarket/shared/types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { designKeys } from './keys.ts';

export const FAILED_FETCH_DESIGN_DATA = 'Failed to fetch design data';

/** GET /api/edit/{id}: the design as its owner edits it (owner only). */
export function fetchEditDesign(designId: string, signal?: AbortSignal): Promise<DesignDetail> {
  return apiFetch<DesignDetail>(`/api/edit/${encodeURIComponent(designId)}`, { signal });
}

export function useEditDesign(designId: string, viewerId: string | null) {
  return useQuery({
    queryKey: designKeys.edit(designId, viewerId),
    queryFn: ({ signal }) => fetchEditDesign(designId, signal),
    enabled: viewerId !== null,
    // The form is filled once from this answer; a background refetch must not overwrite typing.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
