import type { Database } from '../../db/database.ts';

export type DesignChanges = {
  name: string;
  description: string;
  isPaid: boolean;
  priceCents: number;
  collectionId: string | null;
};

/** SQL for changing a design's fields. */
export class DesignEditRepo {
  constructor(private readonly db: Database) {}

  findCollectionOwner(collectionId: string) {
    return this.db
      .selectFrom('collections')
      .select(['id', 'user_id'])
      .where('id', '=', collectionId)
      .executeTakeFirst();
  }

  /** Changes the design only while it still belongs to `ownerId`; false when it did not. */
  async update(designId: string, ownerId: string, changes: DesignChanges): Promise<boolean> {
    const result = await this.db
      .updateTable('designs')
      .set({
        name: changes.name,
        description: changes.description,
        is_paid: changes.isPaid,
        price_cents: changes.priceCents,
        collection_id: changes.collectionId,
        updated_at: new Date(),
      })
      .where('id', '=', designId)
      .where('user_id', '=', ownerId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
