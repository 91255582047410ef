import type { Database } from '../../db/database.ts';
import { recordDownloads } from '../../db/downloads-repo.ts';
import { designHolding } from '../../db/entitlements.ts';

/** What the access policy needs of a design and its collection (the latter all null when it is in none). */
const COLLECTION_FACTS = [
  'designs.archived_at',
  'designs.withheld_at',
  'collections.withheld_at as collection_withheld_at',
  'designs.collection_id',
  'collections.archived_at as collection_archived_at',
  'collections.user_id as collection_owner_id',
  'collections.visibility as collection_visibility',
  'collections.pricing_type as collection_pricing_type',
] as const;

/** SQL for handing out design files and counting downloads. */
export class FileDeliveryRepo {
  constructor(private readonly db: Database) {}

  /** A file with the facts of its design (and the design's collection) that access decisions need. */
  findFile(fileId: string) {
    return this.db
      .selectFrom('design_files')
      .innerJoin('designs', 'designs.id', 'design_files.design_id')
      .leftJoin('collections', 'collections.id', 'designs.collection_id')
      .select([
        'design_files.id',
        'design_files.design_id',
        'design_files.kind',
        'design_files.name',
        'design_files.storage_key',
        'designs.user_id as owner_id',
        'designs.is_paid',
        ...COLLECTION_FACTS,
      ])
      .where('design_files.id', '=', fileId)
      .executeTakeFirst();
  }

  findDesign(designId: string) {
    return this.db
      .selectFrom('designs')
      .leftJoin('collections', 'collections.id', 'designs.collection_id')
      .select([
        'designs.id',
        'designs.name',
        'designs.user_id as owner_id',
        'designs.is_paid',
        ...COLLECTION_FACTS,
      ])
      .where('designs.id', '=', designId)
      .executeTakeFirst();
  }

  /** What the viewer bought of the design and holds of its collection. */
  holding(viewerId: string | null, design: { id: string; collection_id: string | null }) {
    return designHolding(this.db, viewerId, { id: design.id, collectionId: design.collection_id });
  }

  /** The design's files in the order its page lists them: models first, then photos. */
  listFiles(designId: string) {
    return this.db
      .selectFrom('design_files')
      .select(['id', 'kind', 'name', 'storage_key'])
      .where('design_id', '=', designId)
      .orderBy('kind', 'desc')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Counts the person's download of the designs, once a day each (db/downloads-repo.ts). */
  countDownloads(personId: string, designIds: string[]): Promise<void> {
    return recordDownloads(this.db, personId, designIds);
  }
}
