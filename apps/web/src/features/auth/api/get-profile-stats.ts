import type { UserStats } from '@printmarket/shared/types';
import { apiFetch } from '@/lib/api-client.ts';
import { getStoredToken } from '@/lib/auth-storage.ts';

export type ProfileStatsResponse = { stats: UserStats };

/**
 * GET /api/profile/{id}: the signed-in person's counters, merged into the session user.
 * This call's token goes in `X-Token` (docs/product.md#calls; the server accepts either header).
 */
export function fetchProfileStats(userId: string): Promise<ProfileStatsResponse> {
  const token = getStoredToken();
  return apiFetch<ProfileStatsResponse>(`/api/profile/${encodeURIComponent(userId)}`, {
    headers: token ? { 'X-Token': token } : undefined,
  });
}
