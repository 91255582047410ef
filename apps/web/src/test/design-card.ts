import type { DesignCard } from '@printmarket/shared/types';

/** A free design card with no counts, no pictures and `id` as its slug; `change` sets what a test is about. */
export function testCard(id: string, change: Partial<DesignCard> = {}): DesignCard {
  return {
    _id: id,
    id,
    slug: id,
    name: `Design ${id}`,
    description: '',
    user: { _id: 'u1', username: 'maker', profilePicture: null },
    createdAt: '2025-01-01T00:00:00.000Z',
    views: 0,
    likesCount: 0,
    downloads: 0,
    isPaid: false,
    price: 0,
    category: null,
    tags: [],
    files: [],
    ...change,
  };
}

/** A picture file of a card, at `url`. */
export function testImage(id: string, url: string): DesignCard['files'][number] {
  return { _id: `${id}-i`, name: 'a.webp', type: 'image', url };
}
