import type { DesignDetail } from '@printmarket/shared/types';

/**
 * A design page's data: 'Vase' (d1) by 'maker', free, with no files, counts or permissions;
 * `change` sets what a test is about.
 */
export function testDesignDetail(change: Partial<DesignDetail> = {}): DesignDetail {
  return {
    _id: 'd1',
    id: 'd1',
    slug: 'vase',
    name: 'Vase',
    description: '',
    category: null,
    tags: [],
    settings: '',
    manufacturingInstructions: '',
    usages: '',
    isPaid: false,
    price: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    views: 0,
    likesCount: 0,
    hasLiked: false,
    downloads: 0,
    user: { _id: 'u1', username: 'maker', profilePicture: null },
    collectionId: null,
    collection: null,
    files: [],
    canDownload: false,
    canViewModel: false,
    canEdit: false,
    canPurchase: false,
    takedown: null,
    ...change,
  };
}
