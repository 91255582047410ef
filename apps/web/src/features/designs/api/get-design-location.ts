import type { DesignLocation } from '@printmarket/shared/types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { designKeys } from './keys.ts';

/** GET /api/designs/by-slug/{slug}: where `/design/{slug}` lives, `/design/{username}/{slug}`. */
export function fetchDesignLocation(slug: string, signal?: AbortSignal): Promise<DesignLocation> {
  return apiFetch<DesignLocation>(`/api/designs/by-slug/${encodeURIComponent(slug)}`, { signal });
}

export function useDesignLocation(slug: string) {
  return useQuery({
    queryKey: designKeys.location(slug),
    queryFn: ({ signal }) => fetchDesignLocation(slug, signal),
  });
}
