import type { DesignDetail } from '@printmarket/shared/types';
import { apiFetch } from '@/lib/api-client.ts';

export const FAILED_UPDATE_FIELDS = 'Failed to update design fields';

export type DesignFieldsUpdate = {
  name: string;
  description: string;
  isPaid: boolean;
  /** US dollars; 0 for a free design. */
  price: number;
  /** Left out to keep the design's collection as it is. */
  collectionId?: string | null;
};

/** PUT /api/edit/{id}: changes the design's fields (owner only); answers the updated design. */
export function updateDesign(designId: string, fields: DesignFieldsUpdate): Promise<DesignDetail> {
  return apiFetch<DesignDetail>(`/api/edit/${encodeURIComponent(designId)}`, { method: 'PUT', json: fields });
}
