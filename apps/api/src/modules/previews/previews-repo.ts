import type { Database } from '../../db/database.ts';

/**
 * The model files whose previews (images, mesh) are still to be made, and recording them once
 * made. Each is missing while its key is null.
 */
export class PreviewsRepo {
  constructor(private readonly db: Database) {}

  /** Every design with a model file missing a preview. */
  async designsMissingPreviews(): Promise<string[]> {
    const rows = await this.#missing().select('design_id').distinct().execute();
    return rows.map((row) => row.design_id);
  }

  /** How many designs still have a model file missing a preview (progress of a backlog). */
  async countDesignsMissingPreviews(): Promise<number> {
    const row = await this.#missing()
      .select((eb) => eb.fn.count<string>('design_id').distinct().as('designs'))
      .executeTakeFirstOrThrow();
    return Number(row.designs);
  }

  /** The design's model files missing a preview, in their order on the design. */
  filesMissingPreviews(designId: string) {
    return this.#missing()
      .select(['id', 'storage_key', 'analysis', 'preview_key', 'preview_mesh_key'])
      .where('design_id', '=', designId)
      .orderBy('position')
      .execute();
  }

  #missing() {
    return this.db
      .selectFrom('design_files')
      .where('kind', '=', 'stl')
      .where((eb) => eb.or([eb('preview_key', 'is', null), eb('preview_mesh_key', 'is', null)]));
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

  /** Records the file's preview mesh; false when the file is gone or has one already. */
  async setPreviewMesh(fileId: string, key: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('design_files')
      .set({ preview_mesh_key: key })
      .where('id', '=', fileId)
      .where('preview_mesh_key', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return updated !== undefined;
  }
}
