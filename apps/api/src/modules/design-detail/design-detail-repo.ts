import type { ProfileDesignSort } from '@printmarket/shared/social';
import { type ExpressionBuilder, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { cardColumns } from '../../db/card-columns.ts';
import type { Database } from '../../db/database.ts';
import { designHolding, sellerCanSell } from '../../db/entitlements.ts';
import { sameUsername } from '../../db/same-username.ts';
import type { DB, StlAnalysisJson } from '../../db/schema.ts';

/** A design file as read inside a JSON aggregate (timestamps are not needed, sizes are numbers). */
export type DetailFileRow = {
  id: string;
  kind: 'image' | 'stl';
  name: string;
  storage_key: string;
  card_key: string | null;
  medium_key: string | null;
  size_bytes: number;
  analysis: StlAnalysisJson | null;
  preview_key: string | null;
  preview_card_key: string | null;
  preview_mesh_key: string | null;
};

type DesignsScope = ExpressionBuilder<DB, 'designs' | 'users'>;

/** SQL for reading one design, and a person's designs, as the design and profile pages show them. */
export class DesignDetailRepo {
  constructor(private readonly db: Database) {}

  /** Owner names match whatever the case, as usernames are unique without regard to case. */
  findByOwnerAndSlug(username: string, slug: string) {
    return this.#detailQuery()
      .where(sameUsername('users.username', username))
      .where('designs.slug', '=', slug)
      .executeTakeFirst();
  }

  findById(id: string) {
    return this.#detailQuery().where('designs.id', '=', id).executeTakeFirst();
  }

  /** What the viewer holds of the design and its collection. */
  holding(viewerId: string | null, designId: string, collectionId: string | null) {
    return designHolding(this.db, viewerId, { id: designId, collectionId });
  }

  sellerCanSell(sellerId: string): Promise<boolean> {
    return sellerCanSell(this.db, sellerId);
  }

  async hasLiked(userId: string, designId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('likes')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('design_id', '=', designId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Slugs are unique per owner only; `/design/{slug}` means the newest design with that slug. */
  findNewestBySlug(slug: string) {
    return this.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select(['users.username', 'designs.slug'])
      .where('designs.slug', '=', slug)
      .where('designs.archived_at', 'is', null)
      .where('designs.withheld_at', 'is', null)
      .orderBy('designs.created_at', 'desc')
      .orderBy('designs.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * The person with this username, or the one who gave it up (old names stay reserved for them,
   * so an old link still lists the same person's designs).
   */
  findUserIdByUsername(username: string) {
    return this.db
      .selectFrom('users')
      .select('id')
      .where(sameUsername('username', username))
      .where('deleted_at', 'is', null)
      .where('suspended_at', 'is', null)
      .unionAll(
        this.db
          .selectFrom('username_history')
          .select('user_id as id')
          .where(sameUsername('username', username)),
      )
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Every design of one owner as cards: newest first (index designs_user_idx), or most viewed or
   * most liked first, ties newest first. Withheld ones only for the owner's own list.
   */
  listCardsByOwner(ownerId: string, sort: ProfileDesignSort = 'newest', withWithheld = false) {
    let query = this.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select(cardColumns)
      .where('designs.user_id', '=', ownerId)
      .where('designs.archived_at', 'is', null);
    if (!withWithheld) query = query.where('designs.withheld_at', 'is', null);
    if (sort === 'most-popular') query = query.orderBy('designs.views', 'desc');
    if (sort === 'most-liked') query = query.orderBy('designs.likes_count', 'desc');
    return query.orderBy('designs.created_at', 'desc').orderBy('designs.id', 'desc').execute();
  }

  /** The designs one person liked as cards, the most recently liked first. */
  listCardsLikedBy(userId: string) {
    return this.db
      .selectFrom('likes')
      .innerJoin('designs', 'designs.id', 'likes.design_id')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select(cardColumns)
      .where('likes.user_id', '=', userId)
      .where('designs.archived_at', 'is', null)
      .where('designs.withheld_at', 'is', null)
      .orderBy('likes.created_at', 'desc')
      .orderBy('designs.id', 'desc')
      .execute();
  }

  #detailQuery() {
    return this.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select((eb) => [
        'designs.id',
        'designs.slug',
        'designs.name',
        'designs.description',
        'designs.category',
        'designs.tags',
        'designs.settings',
        'designs.manufacturing_instructions',
        'designs.usages',
        'designs.is_paid',
        'designs.price_cents',
        'designs.views',
        'designs.likes_count',
        'designs.downloads',
        'designs.collection_id',
        'designs.created_at',
        'designs.updated_at',
        sql<boolean>`designs.archived_at is not null`.as('archived'),
        sql<boolean>`designs.withheld_at is not null`.as('withheld'),
        'designs.taken_down_at',
        'designs.takedown_reason',
        'designs.takedown_reply',
        'designs.takedown_reply_at',
        'users.id as owner_id',
        'users.username as owner_username',
        'users.profile_picture_key as owner_picture_key',
        collectionOf(eb),
        allFiles(eb),
      ]);
  }
}

function collectionOf(eb: DesignsScope) {
  return jsonObjectFrom(
    eb
      .selectFrom('collections')
      .select([
        'collections.id',
        'collections.name',
        'collections.user_id',
        'collections.visibility',
        'collections.pricing_type',
        'collections.allow_individual_purchase',
        sql<boolean>`collections.archived_at is not null`.as('archived'),
        sql<boolean>`collections.withheld_at is not null`.as('withheld'),
      ])
      .whereRef('collections.id', '=', 'designs.collection_id'),
  ).as('collection');
}

/** STL files first (as uploaded), then images, each in their own order. */
function allFiles(eb: DesignsScope) {
  return jsonArrayFrom(
    eb
      .selectFrom('design_files')
      .select([
        'design_files.id',
        'design_files.kind',
        'design_files.name',
        'design_files.storage_key',
        'design_files.card_key',
        'design_files.medium_key',
        'design_files.size_bytes',
        'design_files.analysis',
        'design_files.preview_key',
        'design_files.preview_card_key',
        'design_files.preview_mesh_key',
      ])
      .whereRef('design_files.design_id', '=', 'designs.id')
      .orderBy(sql`design_files.kind = 'image'`)
      .orderBy('design_files.position')
      .orderBy('design_files.id'),
  ).as('files');
}
