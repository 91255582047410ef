import { MAX_SUBSCRIPTION_PLANS } from '@printmarket/shared/constants';
import { centsToDollars } from '@printmarket/shared/money';
import {
  PLAN_MSG,
  type PlanInput,
  planInputSchema,
  type SubscriptionPlan,
} from '@printmarket/shared/payments';
import { isOwner, mayViewCollection } from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { publicImageUrl } from '../../lib/public-images.ts';
import { parseInput } from '../../lib/validate.ts';
import { PlanLimitError, type PlansRepo } from './plans-repo.ts';

type PlanRow = NonNullable<Awaited<ReturnType<PlansRepo['findById']>>>;

const PLAN_NOT_FOUND = 'Subscription plan not found.';

/** A seller's subscription plans (at most MAX_SUBSCRIPTION_PLANS), each over their own collections. */
export class PlansService {
  constructor(private readonly repo: PlansRepo) {}

  async mine(viewer: Viewer): Promise<SubscriptionPlan[]> {
    return (await this.repo.listBySeller(viewer.id)).map((row) => toPlan(row));
  }

  async create(viewer: Viewer, body: unknown): Promise<SubscriptionPlan> {
    const input = await this.#valid(viewer, body);
    try {
      const id = await this.repo.create(viewer.id, input, MAX_SUBSCRIPTION_PLANS);
      return this.#one(id);
    } catch (err) {
      if (err instanceof PlanLimitError) throw conflict(PLAN_MSG.limitReached, 'PLAN_LIMIT_REACHED');
      throw err;
    }
  }

  async update(viewer: Viewer, id: string, body: unknown): Promise<SubscriptionPlan> {
    const plan = await this.#own(viewer, id);
    await this.repo.update(plan.id, await this.#valid(viewer, body));
    return this.#one(plan.id);
  }

  /** Existing subscribers keep their subscription to the collection they subscribed to. */
  async delete(viewer: Viewer, id: string): Promise<{ success: true }> {
    const plan = await this.#own(viewer, id);
    await this.repo.delete(plan.id);
    return { success: true };
  }

  /**
   * The plans a buyer may choose from on a collection's page; private collections are left out,
   * and an archived one is on sale in no plan.
   */
  async forCollection(collectionId: string, viewer: Viewer | null): Promise<SubscriptionPlan[]> {
    const collection = isUuid(collectionId) ? await this.repo.collectionFacts(collectionId) : undefined;
    const archived = collection?.archived_at != null;
    if (
      !collection ||
      !mayViewCollection(viewer, {
        ownerId: collection.user_id,
        visibility: collection.visibility,
        archived,
        viewerHolding: archived ? await this.repo.holding(viewer?.id ?? null, collectionId) : undefined,
      })
    )
      throw notFound('Collection not found.', 'COLLECTION_NOT_FOUND');
    if (archived) return [];
    const rows = await this.repo.listCovering(collectionId);
    return rows.map((row) => toPlan(row, isOwner(viewer, row.seller_id)));
  }

  async #valid(viewer: Viewer, body: unknown): Promise<PlanInput> {
    const input = parseInput(planInputSchema, body);
    const ids = input.collectionIds;
    if (!ids.every(isUuid) || (await this.repo.countOwnCollections(viewer.id, ids)) !== ids.length)
      throw badRequest(PLAN_MSG.notYourCollection, 'NOT_YOUR_COLLECTION');
    return input;
  }

  async #own(viewer: Viewer, id: string): Promise<PlanRow> {
    const plan = isUuid(id) ? await this.repo.findById(id) : undefined;
    // Another seller's plan is answered like a missing one.
    if (!plan || !isOwner(viewer, plan.seller_id)) throw notFound(PLAN_NOT_FOUND, 'PLAN_NOT_FOUND');
    return plan;
  }

  async #one(id: string): Promise<SubscriptionPlan> {
    const plan = await this.repo.findById(id);
    if (!plan) throw notFound(PLAN_NOT_FOUND, 'PLAN_NOT_FOUND');
    return toPlan(plan);
  }
}

/** A plan as the API shows it; private collections in it only to their owner. */
function toPlan(row: PlanRow, showPrivate = true): SubscriptionPlan {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    collections: row.collections
      .filter((c) => showPrivate || c.visibility === 'public')
      .map((c) => ({
        _id: c.id,
        name: c.name,
        coverImageUrl: publicImageUrl(c.cover_image_key),
      })),
    monthlyPrice: centsToDollars(row.monthly_price_cents),
    annualPrice: centsToDollars(row.annual_price_cents),
    unlimitedDownloads: row.unlimited_downloads,
    downloadsPerMonth: row.unlimited_downloads ? null : row.downloads_per_month,
    seller: { _id: row.seller_id, username: row.seller_username },
  };
}
