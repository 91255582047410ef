import {
  COLLECTION_MSG,
  type CollectionFields,
  collectionDesignSchema,
  collectionFieldsSchema,
  collectionHeldMessage,
} from '@printmarket/shared/collections';
import { centsToDollars } from '@printmarket/shared/money';
import type { CollectionSummary, CollectionViewerAccess, DesignCard } from '@printmarket/shared/types';
import {
  type CollectionAccessFacts,
  isOwner,
  mayBuyCollection,
  mayChangeCollection,
  mayDeleteCollection,
  mayDownloadCollection,
  mayDownloadDesign,
  mayReachWithheld,
  maySubscribe,
  mayViewCollection,
} from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { COVER_VARIANTS, processImage } from '../../lib/images/process-image.ts';
import type { ReceivedMultipart } from '../../lib/multipart.ts';
import { publicImageKey, publicImageUrl } from '../../lib/public-images.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { storeUnderLease, type UploadLease, type UploadLeaseStore } from '../../lib/uploads/upload-lease.ts';
import { uuid7 } from '../../lib/uploads/uuid7.ts';
import { parseInput } from '../../lib/validate.ts';
import { toDesignCard } from '../designs/present-card.ts';
import { type CollectionZip, zipCollection } from './collection-zip.ts';
import {
  type AddRefusal,
  type CollectionsRepo,
  type CollectionValues,
  DesignRefusedError,
} from './collections-repo.ts';

type CollectionRow = NonNullable<Awaited<ReturnType<CollectionsRepo['findById']>>>;

/** The most designs one create call may take (the picker lists the creator's own designs). */
const MAX_DESIGNS_PER_CREATE = 500;

/** Collections: reading (with privacy), the owner's changes, and their ZIP downloads. */
export class CollectionsService {
  constructor(
    private readonly repo: CollectionsRepo,
    private readonly files: FileStore,
    private readonly leases: UploadLeaseStore,
  ) {}

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

  /** GET /api/collections/{id}: a private collection is answered like a missing one to others. */
  async byId(id: string, viewer: Viewer | null): Promise<CollectionSummary> {
    const { row, facts } = await this.#visible(id, viewer);
    const [summary, access] = await Promise.all([
      this.#present(row, viewer),
      this.#viewerAccess(row, facts, viewer),
    ]);
    return { ...summary, access };
  }

  /** What the collection page offers this viewer: download, buy, subscribe, or what they hold. */
  async #viewerAccess(
    row: CollectionRow,
    facts: CollectionAccessFacts,
    viewer: Viewer | null,
  ): Promise<CollectionViewerAccess> {
    const forSale =
      viewer !== null && !isOwner(viewer, row.owner_id) && row.pricing_type !== 'free' && !facts.archived;
    const [sellerReady, planCoversIt] = await Promise.all([
      forSale ? this.repo.sellerCanSell(row.owner_id) : false,
      forSale ? this.repo.inAnyPlan(row.id) : false,
    ]);
    const subscription = facts.viewerHolding?.subscription ?? null;
    return {
      canDownload: mayDownloadCollection(viewer, facts).allowed,
      canPurchase: mayBuyCollection(viewer, { ...facts, priceCents: row.price_cents, sellerReady }).allowed,
      canSubscribe: maySubscribe(viewer, { ...facts, sellerReady, planCoversIt }).allowed,
      purchased: facts.viewerHolding?.purchased ?? false,
      subscription: subscription ? { ...subscription, endDate: subscription.endDate.toISOString() } : null,
    };
  }

  async #accessFacts(row: CollectionRow, viewer: Viewer | null): Promise<CollectionAccessFacts> {
    return {
      ownerId: row.owner_id,
      visibility: row.visibility,
      archived: row.archived_at !== null,
      withheld: row.withheld_at !== null,
      pricingType: row.pricing_type,
      viewerHolding: await this.repo.holding(viewer?.id ?? null, row.id),
    };
  }

  /**
   * POST /api/collections/create. Checks in the order of docs/product.md#validation: name, cover, designs,
   * price. The cover is stored first and deleted again if anything later fails; the collection
   * and its designs are one transaction.
   */
  async create(
    viewer: Viewer,
    body: ReceivedMultipart,
  ): Promise<{ _id: string; id: string; message: string }> {
    const parsed = collectionFieldsSchema.safeParse(body.fields);
    const firstIssue = parsed.success ? null : parsed.error.issues[0];
    if (firstIssue?.path[0] === 'name') throw badRequest(firstIssue.message, 'VALIDATION_FAILED');
    const cover = body.files.find((f) => f.field === 'coverImage');
    if (!cover) throw badRequest(COLLECTION_MSG.coverRequired, 'COVER_REQUIRED');
    const designIds = [...new Set(body.fieldLists.designIds ?? [])];
    if (designIds.length === 0) throw badRequest(COLLECTION_MSG.designsRequired, 'DESIGNS_REQUIRED');
    if (designIds.length > MAX_DESIGNS_PER_CREATE || !designIds.every(isUuid))
      throw badRequest('designIds must be ids of your designs.', 'VALIDATION_FAILED');
    if (!parsed.success) throw badRequest(firstIssue?.message ?? 'Invalid collection.', 'VALIDATION_FAILED');

    return storeUnderLease(this.leases, this.files, async (lease) => {
      const coverKey = await this.#storeCover(cover.tempPath, lease);
      const id = await this.repo
        .create(viewer.id, toValues(parsed.data, coverKey), designIds)
        .catch((err: unknown) => {
          throw refusalError(err);
        });
      return { _id: id, id, message: 'Collection created successfully.' };
    });
  }

  /** PUT /api/collections/{id}: fields left out keep their current values. */
  async update(viewer: Viewer, id: string, body: unknown): Promise<CollectionSummary> {
    const row = await this.#owned(viewer, id);
    const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const fields = parseInput(collectionFieldsSchema, { ...currentFields(row), ...input });
    await this.repo.update(row.id, toValues(fields, row.cover_image_key));
    return this.byId(row.id, viewer);
  }

  /**
   * DELETE /api/collections/{id}: refused with 409 while buyers or live subscribers hold it (they
   * paid for it; the owner archives it instead). Its designs stay, in no collection; the cover goes
   * after the commit.
   */
  async delete(viewer: Viewer, id: string): Promise<{ message: string }> {
    const row = await this.#owned(viewer, id);
    const result = await this.repo.delete(row.id, (holders) => {
      const decision = mayDeleteCollection(viewer, { ownerId: row.owner_id, ...holders });
      return decision.allowed ? null : decision;
    });
    if (!result.deleted) {
      const refusal = result.refusal;
      if (refusal.reason === 'not-owner')
        throw forbidden('Only the owner can change this collection.', 'NOT_OWNER');
      throw conflict(collectionHeldMessage(refusal.buyers, refusal.activeSubscribers), 'COLLECTION_HELD');
    }
    if (result.coverKey) await this.#deleteKeys([result.coverKey]);
    return { message: 'Collection deleted.' };
  }

  /**
   * POST /api/collections/{id}/archive: out of listings, search and sales; its holders keep it
   * (buyers for good, subscribers to the end of the period running now).
   */
  async archive(viewer: Viewer, id: string): Promise<CollectionSummary> {
    const row = await this.#owned(viewer, id);
    await this.repo.archive(row.id);
    return this.byId(row.id, viewer);
  }

  /** POST /api/collections/{id}/unarchive: listed and sold again. */
  async unarchive(viewer: Viewer, id: string): Promise<CollectionSummary> {
    const row = await this.#owned(viewer, id);
    await this.repo.unarchive(row.id);
    return this.byId(row.id, viewer);
  }

  /** PATCH /api/collections/{id}/add: 409 'Already Added' or 'Already in another collection'. */
  async addDesign(viewer: Viewer, id: string, body: unknown): Promise<CollectionSummary> {
    const row = await this.#owned(viewer, id);
    const { designId } = parseInput(collectionDesignSchema, body);
    const refusal = await this.repo.addDesign(row.id, viewer.id, designId);
    if (refusal) throw refusalError(new DesignRefusedError(refusal, designId));
    return this.byId(row.id, viewer);
  }

  /** PATCH /api/collections/{id}/remove: the design stays, in no collection. */
  async removeDesign(viewer: Viewer, id: string, body: unknown): Promise<CollectionSummary> {
    const row = await this.#owned(viewer, id);
    const { designId } = parseInput(collectionDesignSchema, body);
    if (!(await this.repo.removeDesign(row.id, designId)))
      throw notFound('This design is not in the collection.', 'DESIGN_NOT_IN_COLLECTION');
    return this.byId(row.id, viewer);
  }

  /** PATCH /api/collections/{id}/update-cover: the old cover is deleted once the new one is set. */
  async updateCover(viewer: Viewer, id: string, body: ReceivedMultipart): Promise<{ coverImageUrl: string }> {
    const row = await this.#owned(viewer, id);
    const cover = body.files.find((f) => f.field === 'coverImage');
    if (!cover) throw badRequest(COLLECTION_MSG.coverRequired, 'COVER_REQUIRED');
    const { key, replaced } = await storeUnderLease(this.leases, this.files, async (lease) => {
      const key = await this.#storeCover(cover.tempPath, lease);
      return { key, replaced: await this.repo.setCover(row.id, key) };
    });
    if (replaced) await this.#deleteKeys([replaced]);
    return { coverImageUrl: publicImageUrl(key) ?? '' };
  }

  /**
   * GET /api/collections/{id}/download-all and /download-one/{designId}: a streamed ZIP with a
   * folder per design. The whole collection needs the collection's access; one design is also
   * allowed when the design itself may be downloaded (a free design in a paid collection).
   */
  async zip(viewer: Viewer | null, id: string, designId?: string): Promise<CollectionZip> {
    const { row, facts: collection } = await this.#visible(id, viewer);
    if (designId !== undefined && !isUuid(designId))
      throw notFound('This design is not in the collection.', 'DESIGN_NOT_IN_COLLECTION');
    const files = await this.repo.filesForZip(row.id, mayReachWithheld(viewer, row.owner_id), designId);
    if (designId !== undefined && files.length === 0)
      throw notFound('This design is not in the collection.', 'DESIGN_NOT_IN_COLLECTION');
    const collectionDecision = mayDownloadCollection(viewer, collection);
    const decision =
      designId !== undefined && !collectionDecision.allowed
        ? mayDownloadDesign(viewer, {
            ownerId: row.owner_id,
            isPaid: await this.#isPaid(designId),
            viewerBought: await this.repo.boughtDesign(viewer?.id ?? null, designId),
            collection,
          })
        : collectionDecision;
    if (!decision.allowed) {
      if (decision.reason === 'sign-in')
        throw new AppError(401, 'SIGN_IN_REQUIRED', COLLECTION_MSG.signInToDownload);
      throw forbidden('Buy this collection to download its files.', 'PURCHASE_REQUIRED');
    }
    if (files.length === 0) throw notFound('This collection has no designs yet.', 'NO_FILES');
    const zip = await zipCollection(this.files, row.name, files);
    // Allowed means signed in. The download counts as it starts, once a day per person and design.
    if (viewer) await this.repo.countDownloads(viewer.id, zip.designIds);
    return zip;
  }

  async #isPaid(designId: string): Promise<boolean> {
    const design = await this.repo.findDesignPaid(designId);
    return design?.is_paid ?? true;
  }

  async #ofOwner(ownerId: string, ownerView: boolean): Promise<CollectionSummary[]> {
    const rows = await this.repo.listByOwner(ownerId, ownerView);
    const cards = await this.repo.cardsInCollections(
      rows.map((r) => r.id),
      ownerView,
    );
    const byCollection = new Map<string, DesignCard[]>();
    for (const card of cards) {
      if (!card.collection_id) continue;
      const list = byCollection.get(card.collection_id) ?? [];
      list.push(toDesignCard(card, card.images));
      byCollection.set(card.collection_id, list);
    }
    return rows.map((row) => toCollectionSummary(row, byCollection.get(row.id) ?? []));
  }

  async #present(row: CollectionRow, viewer: Viewer | null): Promise<CollectionSummary> {
    const cards = await this.repo.cardsInCollections([row.id], mayReachWithheld(viewer, row.owner_id));
    return toCollectionSummary(
      row,
      cards.map((card) => toDesignCard(card, card.images)),
    );
  }

  /** The collection when this viewer may see it; otherwise 404, as if it did not exist. */
  async #visible(
    id: string,
    viewer: Viewer | null,
  ): Promise<{ row: CollectionRow; facts: CollectionAccessFacts }> {
    const row = isUuid(id) ? await this.repo.findById(id) : undefined;
    if (!row) throw notFound(COLLECTION_MSG.notFound, 'COLLECTION_NOT_FOUND');
    const facts = await this.#accessFacts(row, viewer);
    if (!mayViewCollection(viewer, facts)) throw notFound(COLLECTION_MSG.notFound, 'COLLECTION_NOT_FOUND');
    return { row, facts };
  }

  /** The collection when this viewer may change it: 404 when they may not see it, else 403. */
  async #owned(viewer: Viewer, id: string): Promise<CollectionRow> {
    const { row } = await this.#visible(id, viewer);
    if (!mayChangeCollection(viewer, { ownerId: row.owner_id }))
      throw forbidden('Only the owner can change this collection.', 'NOT_OWNER');
    return row;
  }

  async #storeCover(tempPath: string, lease: UploadLease): Promise<string> {
    // processImage refuses anything that is not a readable PNG/JPEG/GIF/BMP with a 4xx AppError.
    const { cover } = await processImage(tempPath, COVER_VARIANTS);
    const key = publicImageKey('images', uuid7(), 'cover');
    await lease.add(key);
    await this.files.put(key, cover.data, { contentType: 'image/webp' });
    return key;
  }

  async #deleteKeys(keys: string[]) {
    // What cannot be deleted now is swept later (no row references it).
    await Promise.all(keys.map((key) => this.files.delete(key).catch(() => {})));
  }
}

function refusalError(err: unknown): unknown {
  if (!(err instanceof DesignRefusedError)) return err;
  const messages: Record<AddRefusal, () => AppError> = {
    'not-found': () => notFound('Design not found', 'DESIGN_NOT_FOUND'),
    'already-added': () => conflict(COLLECTION_MSG.alreadyAdded, 'ALREADY_ADDED'),
    'in-another': () => conflict(COLLECTION_MSG.alreadyInAnother, 'IN_ANOTHER_COLLECTION'),
  };
  return messages[err.refusal]();
}

function toValues(fields: CollectionFields, coverKey: string | null): CollectionValues {
  return {
    name: fields.name,
    description: fields.description,
    visibility: fields.visibility,
    pricing_type: fields.pricingType,
    price_cents: fields.priceCents,
    allow_individual_purchase: fields.allowIndividualPurchase,
    cover_image_key: coverKey,
  };
}

/** The row as the edit form's fields, so a partial PUT keeps what it leaves out. */
function currentFields(row: CollectionRow): Record<string, unknown> {
  return {
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    pricingType: row.pricing_type,
    price: centsToDollars(row.price_cents),
    allowIndividualPurchase: row.allow_individual_purchase,
  };
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
    archived: row.archived_at !== null,
    pricing: {
      free: row.pricing_type === 'free',
      subscription: row.pricing_type === 'subscription',
      oneTimePurchase: row.pricing_type === 'oneTime' ? centsToDollars(row.price_cents) : 0,
      subscriptionPrice: row.pricing_type === 'subscription' ? centsToDollars(row.price_cents) : 0,
    },
    createdAt: row.created_at.toISOString(),
  };
}
