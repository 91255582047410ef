import type { LikeResponse } from '@printmarket/shared/types';
import { apiFetch } from '@/lib/api-client.ts';

export const FAILED_TOGGLE_LIKE = 'Failed to toggle like';

/** POST /api/designs/{username}/{slug}/like: likes or unlikes; answers the new state and count. */
export function toggleLike(username: string, slug: string): Promise<LikeResponse> {
  return apiFetch<LikeResponse>(
    `/api/designs/${encodeURIComponent(username)}/${encodeURIComponent(slug)}/like`,
    { method: 'POST' },
  );
}
