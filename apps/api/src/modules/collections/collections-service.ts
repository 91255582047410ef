import type { CollectionSummary, DesignCard } from '@printmarket/shared/types';
import { isOwner } from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { publicImageUrl } from '../../lib/public-images.ts';
import { centsToDollars, toDesignCard } from '../designs/present.ts';
import type { CollectionsRepo } from './collections-repo.ts';

type CollectionRow = Awaited<ReturnType<CollectionsRepo['listByOwner']>>[number];

/** Reading collections: a person's own, and anyone's public ones. */
export class CollectionsService {
  constructor(private readonly repo: CollectionsRepo) {}

  /** GET /api/collections/my-collections: every collection of the signed-in person, private ones too. */
  mine(viewer: Viewer): Promise<CollectionSummary[]> {
    return this.#ofOwner(viewer.id, true);
  }

  /** GET /api/collections/user/{username}: public collections, and private ones for their owner. */
  async ofUsername(username: string, viewer: Viewer | null): Promise<CollectionSummary[]> {
    const user = await this.repo.findUserIdByUsername(username);
    if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
    return this.#ofOwner(user.id, isOwner(viewer, user.id));
  }

  async #ofOwner(ownerId: string, includePrivate: boolean): Promise<CollectionSummary[]> {
    const rows = await this.repo.listByOwner(ownerId, includePrivate);
    const cards = await this.repo.cardsInCollections(rows.map((r) => r.id));
    const byCollection = new Map<string, DesignCard[]>();
    for (const card of cards) {
      const list = byCollection.get(card.collection_id ?? '') ?? [];
      list.push(toDesignCard(card, card.images));
      byCollection.set(card.collection_id ?? '', list);
    }
    return rows.map((row) => toCollectionSummary(row, byCollection.get(row.id) ?? []));
  }
}

export function toCollectionSummary(row: CollectionRow, designs: DesignCard[]): CollectionSummary {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    coverImageUrl: publicImageUrl(row.cover_image_key),
    user: { _id: row.owner_id, username: row.owner_username },
    designs,
    allowIndividualPurchase: row.allow_individual_purchase,
    pricing: {
      free: row.pricing_type === 'free',
      subscription: row.pricing_type === 'subscription',
      oneTimePurchase: row.pricing_type === 'oneTime' ? centsToDollars(row.price_cents) : 0,
    },
    createdAt: row.created_at.toISOString(),
  };
}
