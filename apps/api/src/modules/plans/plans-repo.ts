import type { PlanInput } from '@printmarket/shared/payments';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../db/database.ts';
import { collectionHolding } from '../../db/entitlements.ts';

/** Thrown inside the create transaction to roll it back at the plan limit. */
export class PlanLimitError extends Error {
  override name = 'PlanLimitError';
}

/** SQL for subscription plans and the collections each includes. */
export class PlansRepo {
  constructor(private readonly db: Database) {}

  #plans() {
    return this.db
      .selectFrom('subscription_plans')
      .innerJoin('users', 'users.id', 'subscription_plans.seller_id')
      .select((eb) => [
        'subscription_plans.id',
        'subscription_plans.name',
        'subscription_plans.seller_id',
        'users.username as seller_username',
        'subscription_plans.monthly_price_cents',
        'subscription_plans.annual_price_cents',
        'subscription_plans.unlimited_downloads',
        'subscription_plans.downloads_per_month',
        jsonArrayFrom(
          eb
            .selectFrom('subscription_plan_collections')
            .innerJoin('collections', 'collections.id', 'subscription_plan_collections.collection_id')
            .select([
              'collections.id',
              'collections.name',
              'collections.cover_image_key',
              'collections.visibility',
            ])
            .whereRef('subscription_plan_collections.plan_id', '=', 'subscription_plans.id')
            // An archived or withheld collection is no longer part of what a plan offers.
            .where('collections.archived_at', 'is', null)
            .where('collections.withheld_at', 'is', null)
            .orderBy('collections.name'),
        ).as('collections'),
      ])
      .orderBy('subscription_plans.created_at')
      .orderBy('subscription_plans.id');
  }

  listBySeller(sellerId: string) {
    return this.#plans().where('subscription_plans.seller_id', '=', sellerId).execute();
  }

  findById(id: string) {
    return this.#plans().where('subscription_plans.id', '=', id).executeTakeFirst();
  }

  /** Plans that include the collection. */
  listCovering(collectionId: string) {
    return this.#plans()
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('subscription_plan_collections')
            .select('plan_id')
            .whereRef('subscription_plan_collections.plan_id', '=', 'subscription_plans.id')
            .where('subscription_plan_collections.collection_id', '=', collectionId),
        ),
      )
      .execute();
  }

  /** What the person holds of the collection (a purchase, a live subscription). */
  holding(personId: string | null, collectionId: string) {
    return collectionHolding(this.db, personId, collectionId);
  }

  collectionFacts(collectionId: string) {
    return this.db
      .selectFrom('collections')
      .select(['user_id', 'visibility', 'archived_at'])
      .where('id', '=', collectionId)
      .executeTakeFirst();
  }

  /** How many of `collectionIds` belong to the seller and are not archived. */
  async countOwnCollections(sellerId: string, collectionIds: string[]): Promise<number> {
    const row = await this.db
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', sellerId)
      .where('archived_at', 'is', null)
      .where('id', 'in', collectionIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Creates a plan unless the seller already has `limit`. The seller's row is locked first, so
   * two concurrent creates count one after the other and the limit holds.
   */
  create(sellerId: string, input: PlanInput, limit: number): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', sellerId).forUpdate().execute();
      const { n } = await trx
        .selectFrom('subscription_plans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('seller_id', '=', sellerId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= limit) throw new PlanLimitError();
      const { id } = await trx
        .insertInto('subscription_plans')
        .values({ seller_id: sellerId, ...columns(input) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('subscription_plan_collections')
        .values(input.collectionIds.map((collection_id) => ({ plan_id: id, collection_id })))
        .execute();
      return id;
    });
  }

  update(planId: string, input: PlanInput): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscription_plans')
        .set({ ...columns(input), updated_at: sql`now()` })
        .where('id', '=', planId)
        .execute();
      await trx.deleteFrom('subscription_plan_collections').where('plan_id', '=', planId).execute();
      await trx
        .insertInto('subscription_plan_collections')
        .values(input.collectionIds.map((collection_id) => ({ plan_id: planId, collection_id })))
        .execute();
    });
  }

  async delete(planId: string): Promise<void> {
    await this.db.deleteFrom('subscription_plans').where('id', '=', planId).execute();
  }
}

function columns(input: PlanInput) {
  return {
    name: input.name,
    monthly_price_cents: input.monthlyPriceCents,
    annual_price_cents: input.annualPriceCents,
    unlimited_downloads: input.unlimitedDownloads,
    downloads_per_month: input.downloadsPerMonth,
  };
}
