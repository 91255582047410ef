import type { DesignSort } from '@printmarket/shared/constants';
import { type RawBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../db/database.ts';

/** How many images a card carries for its rotating preview. */
export const CARD_IMAGES = 4;

/** SQL for reading designs. */
export class DesignsRepo {
  constructor(private readonly db: Database) {}

  /**
   * One page of designs in the order of a home-page sort, with owners, card images and the total
   * count, in one round trip. The page's ids are found first from the sort's index alone (deep
   * pages skip index entries, not table rows), then only those rows are read.
   */
  async listPage(sort: DesignSort, limit: number, offset: number) {
    const pageIds = orderBySort(this.db.selectFrom('designs').select(['designs.id']), sort)
      .limit(limit)
      .offset(offset);
    const rows = await orderBySort(
      this.db
        .selectFrom(pageIds.as('page'))
        .innerJoin('designs', 'designs.id', 'page.id')
        .innerJoin('users', 'users.id', 'designs.user_id')
        .select((eb) => [
          'designs.id',
          'designs.slug',
          'designs.name',
          'designs.description',
          'designs.category',
          'designs.tags',
          'designs.is_paid',
          'designs.price_cents',
          'designs.views',
          'designs.likes_count',
          'designs.downloads',
          'designs.created_at',
          'users.id as owner_id',
          'users.username as owner_username',
          'users.profile_picture_key as owner_picture_key',
          eb.selectFrom('designs').select(eb.fn.countAll<number>().as('n')).as('total'),
          // Photos first, then the rendered previews of the STL files: a design without photos
          // still shows its models on the card.
          jsonArrayFrom(
            eb
              .selectFrom('design_files')
              .select([
                'design_files.id',
                'design_files.name',
                sql<string>`coalesce(design_files.preview_key, design_files.storage_key)`.as('storage_key'),
                sql<string | null>`coalesce(design_files.card_key, design_files.preview_card_key)`.as(
                  'card_key',
                ),
              ])
              .whereRef('design_files.design_id', '=', 'designs.id')
              .where((w) =>
                w.or([
                  w('design_files.kind', '=', 'image'),
                  w('design_files.preview_card_key', 'is not', null),
                ]),
              )
              .orderBy('design_files.kind')
              .orderBy('design_files.position')
              .orderBy('design_files.id')
              .limit(CARD_IMAGES),
          ).as('images'),
        ]),
      sort,
    ).execute();
    // A page past the end has no row to carry the total.
    const total = rows[0] ? Number(rows[0].total) : await this.count();
    return { rows, total };
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('designs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

/** Each order matches an index of migration 0001, ending in id so equal values page stably. */
const SORT_ORDER: Record<DesignSort, RawBuilder<unknown>> = {
  newest: sql`designs.created_at desc, designs.id desc`,
  'most-popular': sql`designs.views desc, designs.created_at desc, designs.id desc`,
  'most-downloaded': sql`designs.downloads desc, designs.created_at desc, designs.id desc`,
};

function orderBySort<Q extends { orderBy(expression: RawBuilder<unknown>): Q }>(
  query: Q,
  sort: DesignSort,
): Q {
  return query.orderBy(SORT_ORDER[sort]);
}
