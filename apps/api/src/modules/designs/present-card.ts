import { centsToDollars } from '@printmarket/shared/money';
import type { DesignCard, DesignFile } from '@printmarket/shared/types';
import { publicImageUrl } from '../../lib/public-images.ts';

type CardRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string | null;
  tags: string[];
  is_paid: boolean;
  price_cents: number;
  views: number;
  likes_count: number;
  downloads: number;
  created_at: Date;
  owner_id: string;
  owner_username: string;
  owner_picture_key: string | null;
  /** Lists for everyone hold no withheld design; the owner's own lists mark taken-down ones. */
  taken_down?: boolean;
};

type ImageRow = { id: string; name: string; storage_key: string; card_key: string | null };

export function toDesignCard(row: CardRow, images: ImageRow[]): DesignCard {
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    user: {
      _id: row.owner_id,
      username: row.owner_username,
      profilePicture: publicImageUrl(row.owner_picture_key),
    },
    createdAt: row.created_at.toISOString(),
    views: row.views,
    likesCount: row.likes_count,
    downloads: row.downloads,
    isPaid: row.is_paid,
    price: centsToDollars(row.price_cents),
    category: row.category,
    tags: row.tags,
    files: images.map(
      (image): DesignFile => ({
        _id: image.id,
        name: image.name,
        type: 'image',
        url: publicImageUrl(image.card_key ?? image.storage_key) ?? '',
      }),
    ),
    ...(row.taken_down ? { takenDown: true as const } : {}),
  };
}
