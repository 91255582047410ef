import { type Insertable, sql } from 'kysely';
import { cardColumns } from '../../db/card-columns.ts';
import type { Database } from '../../db/database.ts';
import { recordDownloads } from '../../db/downloads-repo.ts';
import {
  collectionHolders,
  collectionHolding,
  designsBought,
  grantArchivedCollection,
  sellerCanSell,
} from '../../db/entitlements.ts';
import { sameUsername } from '../../db/same-username.ts';
import type { CollectionsTable } from '../../db/schema.ts';

export type CollectionValues = Omit<
  Insertable<CollectionsTable>,
  'id' | 'user_id' | 'created_at' | 'updated_at'
>;

const COLLECTION_COLUMNS = [
  'collections.id',
  'collections.name',
  'collections.description',
  'collections.visibility',
  'collections.cover_image_key',
  'collections.pricing_type',
  'collections.price_cents',
  'collections.allow_individual_purchase',
  'collections.archived_at',
  'collections.withheld_at',
  'collections.created_at',
  'users.id as owner_id',
  'users.username as owner_username',
] as const;

/** Why a design could not join a collection. */
export type AddRefusal = 'not-found' | 'already-added' | 'in-another';

/** Thrown inside a transaction to roll it back when a design cannot join. */
export class DesignRefusedError extends Error {
  constructor(
    readonly refusal: AddRefusal,
    readonly designId: string,
  ) {
    super(`design ${designId} cannot join: ${refusal}`);
    this.name = 'DesignRefusedError';
  }
}

/** SQL for collections. A design belongs to one collection at most: `designs.collection_id`. */
export class CollectionsRepo {
  constructor(private readonly db: Database) {}

  findUserIdByUsername(username: string) {
    return this.db
      .selectFrom('users')
      .select('id')
      .where(sameUsername('username', username))
      .executeTakeFirst();
  }

  /** What the person holds of the collection (a purchase, a live subscription). */
  holding(personId: string | null, collectionId: string) {
    return collectionHolding(this.db, personId, collectionId);
  }

  async boughtDesign(personId: string | null, designId: string): Promise<boolean> {
    return personId !== null && (await designsBought(this.db, personId, [designId])).has(designId);
  }

  sellerCanSell(sellerId: string): Promise<boolean> {
    return sellerCanSell(this.db, sellerId);
  }

  /** How many buyers and live subscribers hold the collection. */
  holders(collectionId: string) {
    return collectionHolders(this.db, collectionId);
  }

  /** Whether any of the owner's subscription plans includes the collection. */
  async inAnyPlan(collectionId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('subscription_plan_collections')
      .select('plan_id')
      .where('collection_id', '=', collectionId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  findById(id: string) {
    return this.db
      .selectFrom('collections')
      .innerJoin('users', 'users.id', 'collections.user_id')
      .select(COLLECTION_COLUMNS)
      .where('collections.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * One person's collections, newest first; private and archived ones only for their owner
   * (`ownerView`).
   */
  listByOwner(ownerId: string, ownerView: boolean) {
    let query = this.db
      .selectFrom('collections')
      .innerJoin('users', 'users.id', 'collections.user_id')
      .select(COLLECTION_COLUMNS)
      .where('collections.user_id', '=', ownerId);
    if (!ownerView)
      query = query
        .where('collections.visibility', '=', 'public')
        .where('collections.archived_at', 'is', null)
        .where('collections.withheld_at', 'is', null);
    return query.orderBy('collections.created_at', 'desc').orderBy('collections.id', 'desc').execute();
  }

  /**
   * The designs of these collections as cards, newest first, each with its collection's id;
   * withheld designs only when `withWithheld` (the viewer is the owner or an operator).
   */
  cardsInCollections(collectionIds: string[], withWithheld: boolean) {
    if (collectionIds.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select((eb) => [...cardColumns(eb), 'designs.collection_id'])
      .where('designs.collection_id', 'in', collectionIds);
    if (!withWithheld) query = query.where('designs.withheld_at', 'is', null);
    return query.orderBy('designs.created_at', 'desc').orderBy('designs.id', 'desc').execute();
  }

  /**
   * The collection and its designs in one transaction. Each design must be the owner's and in no
   * collection yet; the conditional update makes that check and the change one step, so two
   * collections created at once cannot both take a design. A design that cannot join rolls it all
   * back with DesignRefusedError.
   */
  create(ownerId: string, values: CollectionValues, designIds: string[]): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('collections')
        .values({ ...values, user_id: ownerId })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const designId of designIds) {
        const refusal = await takeDesign(trx, created.id, ownerId, designId);
        if (refusal) throw new DesignRefusedError(refusal, designId);
      }
      return created.id;
    });
  }

  async update(id: string, values: CollectionValues) {
    await this.db
      .updateTable('collections')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Deletes the collection (its designs stay, in no collection) unless `mayDelete` refuses on its
   * holders, counted with the row locked: a purchase or subscription being recorded for it waits
   * for this to finish (its reference to the row), so none slips in between count and delete.
   * Answers the cover's key, or the holders when refused.
   */
  delete<R>(
    id: string,
    refusal: (holders: { buyers: number; activeSubscribers: number }) => R | null,
  ): Promise<{ deleted: true; coverKey: string | null } | { deleted: false; refusal: R }> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('collections').select('id').where('id', '=', id).forUpdate().execute();
      const refused = refusal(await collectionHolders(trx, id));
      if (refused !== null) return { deleted: false as const, refusal: refused };
      const row = await trx
        .deleteFrom('collections')
        .where('id', '=', id)
        .returning('cover_image_key')
        .executeTakeFirst();
      return { deleted: true as const, coverKey: row?.cover_image_key ?? null };
    });
  }

  /**
   * Archives the collection, recording for each live subscription covering it the end of the
   * period running now (db/entitlements.ts). Archiving an archived collection changes nothing.
   */
  archive(id: string): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const archived = await trx
        .updateTable('collections')
        .set({ archived_at: sql<Date>`now()`, updated_at: new Date() })
        .where('id', '=', id)
        .where('archived_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (archived) await grantArchivedCollection(trx, id);
    });
  }

  /** Back in listings and sales: every plan that includes it covers it again. */
  unarchive(id: string): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('collections')
        .set({ archived_at: null, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('collection_archive_grants').where('collection_id', '=', id).execute();
    });
  }

  /** Puts one of the owner's designs into the collection: null when done, else why not. */
  addDesign(collectionId: string, ownerId: string, designId: string): Promise<AddRefusal | null> {
    return this.db.transaction().execute((trx) => takeDesign(trx, collectionId, ownerId, designId));
  }

  /** Takes a design out of the collection; false when it was not in it. */
  async removeDesign(collectionId: string, designId: string): Promise<boolean> {
    const row = await this.db
      .updateTable('designs')
      .set({ collection_id: null })
      .where('id', '=', designId)
      .where('collection_id', '=', collectionId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Sets the cover; returns the key it replaced. */
  async setCover(id: string, key: string): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('collections')
        .select('cover_image_key')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('collections')
        .set({ cover_image_key: key, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      return before.cover_image_key;
    });
  }

  /** The stored files of the collection's designs (or of one of them) for a ZIP, in page order. */
  /** The files to zip; those of withheld designs only when `withWithheld`, as for the cards. */
  filesForZip(collectionId: string, withWithheld: boolean, designId?: string) {
    let query = this.db
      .selectFrom('design_files')
      .innerJoin('designs', 'designs.id', 'design_files.design_id')
      .select([
        'designs.id as design_id',
        'designs.name as design_name',
        'design_files.kind',
        'design_files.name',
        'design_files.storage_key',
      ])
      .where('designs.collection_id', '=', collectionId);
    if (!withWithheld) query = query.where('designs.withheld_at', 'is', null);
    if (designId) query = query.where('designs.id', '=', designId);
    return query
      .orderBy('designs.created_at')
      .orderBy('designs.id')
      .orderBy('design_files.kind', 'desc')
      .orderBy('design_files.position')
      .orderBy('design_files.id')
      .execute();
  }

  findDesignPaid(designId: string) {
    return this.db.selectFrom('designs').select('is_paid').where('id', '=', designId).executeTakeFirst();
  }

  /** Counts the download of these designs by the person, once a day each (db/downloads-repo.ts). */
  countDownloads(personId: string, designIds: string[]): Promise<void> {
    return recordDownloads(this.db, personId, designIds);
  }
}

/**
 * The design joins the collection only if it is the owner's and in no collection: one conditional
 * UPDATE, so of two collections taking the same design at once exactly one wins. When nothing
 * changed, a read says why.
 */
async function takeDesign(
  trx: Database,
  collectionId: string,
  ownerId: string,
  designId: string,
): Promise<AddRefusal | null> {
  const taken = await trx
    .updateTable('designs')
    .set({ collection_id: collectionId, updated_at: new Date() })
    .where('id', '=', designId)
    .where('user_id', '=', ownerId)
    .where('collection_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (taken) return null;
  const design = await trx
    .selectFrom('designs')
    .select(['user_id', 'collection_id'])
    .where('id', '=', designId)
    .executeTakeFirst();
  if (!design || design.user_id !== ownerId) return 'not-found';
  return design.collection_id === collectionId ? 'already-added' : 'in-another';
}
