import type { DesignSort } from '@printmarket/shared/constants';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** How many images a card carries for its rotating preview. */
export const CARD_IMAGES = 4;

/** SQL for reading designs. */
export class DesignsRepo {
  constructor(private readonly db: Database) {}

  /** One page of designs with their owners, in the order of a home-page sort. */
  listPage(sort: DesignSort, limit: number, offset: number) {
    let query = this.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select([
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
      ]);
    // Each order matches an index of migration 0001, ending in id so equal values page stably.
    if (sort === 'most-popular') query = query.orderBy('designs.views', 'desc');
    if (sort === 'most-downloaded') query = query.orderBy('designs.downloads', 'desc');
    return query
      .orderBy('designs.created_at', 'desc')
      .orderBy('designs.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('designs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The first few images of each design, in display order. */
  cardImages(designIds: string[]) {
    if (designIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('design_files')
          .select([
            'id',
            'design_id',
            'name',
            'storage_key',
            'card_key',
            'position',
            sql<number>`row_number() over (partition by design_id order by position, id)`.as('rank'),
          ])
          .where('design_id', 'in', designIds)
          .where('kind', '=', 'image')
          .as('ranked'),
      )
      .selectAll()
      .where('rank', '<=', CARD_IMAGES)
      .orderBy('design_id')
      .orderBy('rank')
      .execute();
  }
}
