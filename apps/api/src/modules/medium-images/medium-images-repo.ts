import type { Database } from '../../db/database.ts';
import type { MediumKind } from '../../lib/images/medium-image.ts';

/**
 * The stored pictures that have no medium size yet, and recording one once made. A picture is
 * named by its large rendition's key: seeded benchmark designs share the catalogue's photos, and
 * every row showing one picture gets the one medium. Both lookups read the partial indexes of
 * migration 0017, which hold exactly the rows still to do.
 */
export class MediumImagesRepo {
  constructor(private readonly db: Database) {}

  /** Up to `limit` large renditions of `kind` still without a medium, in key order after `after`. */
  async missing(kind: MediumKind, after: string | null, limit: number): Promise<string[]> {
    const rows =
      kind === 'photo'
        ? await this.db
            .selectFrom('design_files')
            .select('storage_key as key')
            .distinct()
            .where('kind', '=', 'image')
            .where('medium_key', 'is', null)
            .$if(after !== null, (q) => q.where('storage_key', '>', after!))
            .orderBy('storage_key')
            .limit(limit)
            .execute()
        : await this.db
            .selectFrom('users')
            .select('banner_image_key as key')
            .distinct()
            .where('banner_image_key', 'is not', null)
            .where('banner_medium_key', 'is', null)
            .$if(after !== null, (q) => q.where('banner_image_key', '>', after!))
            .orderBy('banner_image_key')
            .limit(limit)
            .execute();
    return rows.map((row) => row.key).filter((key): key is string => key !== null);
  }

  /** How many large renditions of `kind` have no medium yet. */
  async countMissing(kind: MediumKind): Promise<number> {
    const row =
      kind === 'photo'
        ? await this.db
            .selectFrom('design_files')
            .select((eb) => eb.fn.count<string>('storage_key').distinct().as('n'))
            .where('kind', '=', 'image')
            .where('medium_key', 'is', null)
            .executeTakeFirstOrThrow()
        : await this.db
            .selectFrom('users')
            .select((eb) => eb.fn.count<string>('banner_image_key').distinct().as('n'))
            .where('banner_image_key', 'is not', null)
            .where('banner_medium_key', 'is', null)
            .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Gives `mediumKey` to every row of `kind` showing `source` that has no medium yet. Returns how
   * many took it: none when the rows went (a removed file, a replaced banner) or another
   * instance recorded its own medium first.
   */
  async record(kind: MediumKind, source: string, mediumKey: string): Promise<number> {
    const result =
      kind === 'photo'
        ? await this.db
            .updateTable('design_files')
            .set({ medium_key: mediumKey })
            .where('kind', '=', 'image')
            .where('storage_key', '=', source)
            .where('medium_key', 'is', null)
            .executeTakeFirst()
        : await this.db
            .updateTable('users')
            .set({ banner_medium_key: mediumKey })
            .where('banner_image_key', '=', source)
            .where('banner_medium_key', 'is', null)
            .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
