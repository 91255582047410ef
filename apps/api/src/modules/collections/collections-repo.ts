import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cardColumns } from '../designs/card-query.ts';

/** SQL for reading collections. */
export class CollectionsRepo {
  constructor(private readonly db: Database) {}

  findUserIdByUsername(username: string) {
    return this.db
      .selectFrom('users')
      .select('id')
      .where(sql<boolean>`lower(username) = lower(${username})`)
      .executeTakeFirst();
  }

  /** One person's collections, newest first; private ones only when `includePrivate`. */
  listByOwner(ownerId: string, includePrivate: boolean) {
    let query = this.db
      .selectFrom('collections')
      .innerJoin('users', 'users.id', 'collections.user_id')
      .select([
        'collections.id',
        'collections.name',
        'collections.description',
        'collections.visibility',
        'collections.cover_image_key',
        'collections.pricing_type',
        'collections.price_cents',
        'collections.allow_individual_purchase',
        'collections.created_at',
        'users.id as owner_id',
        'users.username as owner_username',
      ])
      .where('collections.user_id', '=', ownerId);
    if (!includePrivate) query = query.where('collections.visibility', '=', 'public');
    return query.orderBy('collections.created_at', 'desc').orderBy('collections.id', 'desc').execute();
  }

  /** The designs of these collections as cards, newest first, each with its collection's id. */
  cardsInCollections(collectionIds: string[]) {
    if (collectionIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select((eb) => [...cardColumns(eb), 'designs.collection_id'])
      .where('designs.collection_id', 'in', collectionIds)
      .orderBy('designs.created_at', 'desc')
      .orderBy('designs.id', 'desc')
      .execute();
  }
}
