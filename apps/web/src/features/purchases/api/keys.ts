import { rootKeys } from '@/lib/query-keys.ts';

const all = rootKeys.purchases;

export const purchaseKeys = {
  all,
  mine: [...all, 'mine'] as const,
  /**
   * The design just bought, for the success page. Filed under the designs root, so whatever
   * refreshes designs refreshes it too.
   */
  design: (designId: string, viewerId: string | null) =>
    [...rootKeys.designs, 'by-id', designId, viewerId] as const,
};
