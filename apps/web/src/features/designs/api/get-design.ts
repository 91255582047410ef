import type { DesignDetail } from '@printmarket/shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/** The text when loading a design fails without a server message (docs/product.md#design-messages). */
export const FAILED_FETCH_DESIGN = 'Failed to fetch design';

/** GET /api/designs/{username}/{slug}: one design with its files and what this viewer may do. */
export function fetchDesign(username: string, slug: string, signal?: AbortSignal): Promise<DesignDetail> {
  return apiFetch<DesignDetail>(`/api/designs/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`, {
    signal,
  });
}

/**
 * The answer depends on who asks (`hasLiked`, `canDownload`, `canEdit`), so the viewer's id is part
 * of the key: signing in or out never shows the previous person's answer.
 */
export function designQueryOptions(username: string, slug: string, viewerId: string | null) {
  return queryOptions({
    queryKey: ['designs', 'detail', username.toLowerCase(), slug, viewerId] as const,
    queryFn: ({ signal }) => fetchDesign(username, slug, signal),
  });
}

/** Whether an STL file's rendered preview is still being made (right after an upload). */
export function previewsPending(design: DesignDetail): boolean {
  return design.files.some((file) => file.type === 'stl' && !file.previewUrl);
}

const PREVIEW_POLL_MS = 2000;
/** About a minute of asking; a preview that takes longer shows on the next visit. */
const PREVIEW_POLLS = 30;

export function useDesign(username: string, slug: string, viewerId: string | null) {
  return useQuery({
    ...designQueryOptions(username, slug, viewerId),
    // Previews are rendered after the upload answers: ask again until they are there.
    refetchInterval: (query) =>
      query.state.data && previewsPending(query.state.data) && query.state.dataUpdateCount < PREVIEW_POLLS
        ? PREVIEW_POLL_MS
        : false,
  });
}
