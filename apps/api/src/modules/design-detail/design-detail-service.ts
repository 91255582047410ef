import { type ProfileDesignSort, profileDesignsQuerySchema } from '@printmarket/shared/social';
import type { DesignCard, DesignDetail, DesignLocation } from '@printmarket/shared/types';
import {
  type DesignSaleFacts,
  mayBuyDesign,
  mayChangeDesign,
  mayDownloadDesign,
  mayViewCollection,
  mayViewDesign,
  mayViewModel,
} from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/validate.ts';
import { toDesignCard } from '../designs/present-card.ts';
import type { DesignDetailRepo } from './design-detail-repo.ts';
import { type DetailRow, toDesignDetail } from './present-detail.ts';

/** The text for a design that does not exist (docs/product.md#design-messages). */
export const DESIGN_NOT_FOUND = 'Design not found';

export const designNotFound = () => notFound(DESIGN_NOT_FOUND, 'DESIGN_NOT_FOUND');

/** One design as its page shows it, and the lists of a person's designs. */
export class DesignDetailService {
  constructor(private readonly repo: DesignDetailRepo) {}

  async byOwnerAndSlug(username: string, slug: string, viewer: Viewer | null): Promise<DesignDetail> {
    const row = await this.repo.findByOwnerAndSlug(username, slug);
    if (!row) throw designNotFound();
    return this.present(row, viewer);
  }

  async byId(id: string, viewer: Viewer | null): Promise<DesignDetail> {
    const row = isUuid(id) ? await this.repo.findById(id) : undefined;
    if (!row) throw designNotFound();
    return this.present(row, viewer);
  }

  /** The row behind a design id, for callers that decide on it first (edit). */
  async rowById(id: string): Promise<DesignRecord> {
    const row = isUuid(id) ? await this.repo.findById(id) : undefined;
    if (!row) throw designNotFound();
    return row;
  }

  async locateBySlug(slug: string): Promise<DesignLocation> {
    const found = await this.repo.findNewestBySlug(slug);
    if (!found) throw designNotFound();
    return { username: found.username, slug: found.slug };
  }

  /** GET /api/designs/username/{username}?sort=: the person's designs in the profile's orders. */
  async cardsOfUsername(username: string, query: unknown = {}): Promise<DesignCard[]> {
    const { sort } = parseInput(profileDesignsQuerySchema, query);
    return this.cardsOf(await this.#userIdOf(username), sort);
  }

  async cardsOf(ownerId: string, sort: ProfileDesignSort = 'newest'): Promise<DesignCard[]> {
    const rows = await this.repo.listCardsByOwner(ownerId, sort);
    return rows.map((row) => toDesignCard(row, row.images));
  }

  /** The viewer's own designs (My Designs), taken-down ones included and marked. */
  async ownCards(viewer: Viewer): Promise<DesignCard[]> {
    const rows = await this.repo.listCardsByOwner(viewer.id, 'newest', true);
    return rows.map((row) => toDesignCard(row, row.images));
  }

  /** GET /api/designs/liked-by/{username}: what the person liked, most recently liked first. */
  async cardsLikedBy(username: string): Promise<DesignCard[]> {
    const rows = await this.repo.listCardsLikedBy(await this.#userIdOf(username));
    return rows.map((row) => toDesignCard(row, row.images));
  }

  async #userIdOf(username: string): Promise<string> {
    const user = await this.repo.findUserIdByUsername(username);
    if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
    return user.id;
  }

  async present(row: DesignRecord, viewer: Viewer | null): Promise<DesignDetail> {
    const holding = await this.repo.holding(viewer?.id ?? null, row.id, row.collection?.id ?? null);
    const facts: DesignSaleFacts = {
      ownerId: row.owner_id,
      isPaid: row.is_paid,
      archived: row.archived,
      withheld: row.withheld,
      viewerBought: holding.viewerBought,
      collection: row.collection && {
        ownerId: row.collection.user_id,
        visibility: row.collection.visibility,
        archived: row.collection.archived,
        withheld: row.collection.withheld,
        pricingType: row.collection.pricing_type,
        viewerHolding: holding.collectionHolding,
      },
      priceCents: row.price_cents,
      collectionSellsDesignsSeparately: row.collection?.allow_individual_purchase ?? true,
      // Asked only when it can matter: a paid design someone else may want to buy.
      sellerReady:
        viewer && row.is_paid && !row.archived && viewer.id !== row.owner_id
          ? await this.repo.sellerCanSell(row.owner_id)
          : false,
    };
    // An archived design is its holders' alone, a withheld one its owner's and the operators':
    // to anyone else it does not exist.
    if (!mayViewDesign(viewer, facts)) throw designNotFound();
    // An archived or private collection the viewer may not see is not mentioned.
    const collection =
      facts.collection && mayViewCollection(viewer, facts.collection) ? row.collection : null;
    return toDesignDetail(row, {
      hasLiked: viewer ? await this.repo.hasLiked(viewer.id, row.id) : false,
      canDownload: mayDownloadDesign(viewer, facts).allowed,
      canViewModel: mayViewModel(viewer, facts).allowed,
      canEdit: mayChangeDesign(viewer, facts),
      canPurchase: mayBuyDesign(viewer, facts).allowed,
      collection,
      seesTakedown: row.withheld,
    });
  }
}

/** A design as read for its page: the presented columns plus its collection's facts. */
export type DesignRecord = DetailRow & {
  collection: {
    id: string;
    name: string;
    user_id: string;
    visibility: 'public' | 'private';
    pricing_type: 'free' | 'oneTime' | 'subscription';
    allow_individual_purchase: boolean;
    archived: boolean;
    withheld: boolean;
  } | null;
};
