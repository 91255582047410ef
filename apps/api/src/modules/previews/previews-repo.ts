import type { Database } from '../../db/database.ts';

/** The design files whose preview images are still to be rendered, and recording them once made. */
export class PreviewsRepo {
  constructor(private readonly db: Database) {}

  /** Every design with an STL file that has no preview yet. */
  async designsMissingPreviews(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('design_files')
      .select('design_id')
      .distinct()
      .where('kind', '=', 'stl')
      .where('preview_key', 'is', null)
      .execute();
    return rows.map((row) => row.design_id);
  }

  /** How many designs still have an STL file without a preview (progress of a backlog). */
  async countDesignsMissingPreviews(): Promise<number> {
    const row = await this.db
      .selectFrom('design_files')
      .select((eb) => eb.fn.count<string>('design_id').distinct().as('designs'))
      .where('kind', '=', 'stl')
      .where('preview_key', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.designs);
  }

  /** The design's STL files without a preview, in their order on the design. */
  filesWithoutPreview(designId: string) {
    return this.db
      .selectFrom('design_files')
      .select(['id', 'storage_key', 'analysis'])
      .where('design_id', '=', designId)
      .where('kind', '=', 'stl')
      .where('preview_key', 'is', null)
      .orderBy('position')
      .execute();
  }

  /** Records the file's preview images; false when the file is gone or has a preview already. */
  async setPreview(fileId: string, keys: { preview: string; card: string }): Promise<boolean> {
    const updated = await this.db
      .updateTable('design_files')
      .set({ preview_key: keys.preview, preview_card_key: keys.card })
      .where('id', '=', fileId)
      .where('preview_key', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return updated !== undefined;
  }
}
