import type { DesignSort } from '@printmarket/shared/constants';
import { type RawBuilder, sql } from 'kysely';
import { cardColumns } from '../../db/card-columns.ts';
import type { Database } from '../../db/database.ts';

/** SQL for reading designs. */
export class DesignsRepo {
  constructor(private readonly db: Database) {}

  /**
   * One page of designs in the order of a home-page sort, with owners, card images and the total
   * count, in one round trip. The page's ids are found first from the sort's index alone (deep
   * pages skip index entries, not table rows), then only those rows are read.
   */
  async listPage(sort: DesignSort, limit: number, offset: number) {
    const pageIds = orderBySort(this.db.selectFrom('designs').select(['designs.id']).where(listed), sort)
      .limit(limit)
      .offset(offset);
    const rows = await orderBySort(
      this.db
        .selectFrom(pageIds.as('page'))
        .innerJoin('designs', 'designs.id', 'page.id')
        .innerJoin('users', 'users.id', 'designs.user_id')
        .select((eb) => [
          ...cardColumns(eb),
          eb.selectFrom('designs').select(eb.fn.countAll<number>().as('n')).where(listed).as('total'),
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
      .where(listed)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

/** Archived designs (their owners deleted the account) and withheld ones are listed nowhere. */
const listed = sql<boolean>`designs.archived_at is null and designs.withheld_at is null`;

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
