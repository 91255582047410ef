import type { ViewResponse } from '@printmarket/shared/types';
import { apiFetch } from '@/lib/api-client.ts';

/** POST /api/designs/{username}/{slug}: counts a view (the server counts each viewer once an hour). */
export function recordView(username: string, slug: string): Promise<ViewResponse> {
  return apiFetch<ViewResponse>(`/api/designs/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`, {
    method: 'POST',
  });
}
