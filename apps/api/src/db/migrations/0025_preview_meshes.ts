import { type Kysely, sql } from 'kysely';

/**
 * The public preview mesh of each model file (a simplified, quantized glTF binary anyone may look
 * at in 3D). Null until the preview job made it: rows stored before this change get theirs from
 * the same job's backlog, which finds them through the partial index below (it empties as the job
 * goes, so it costs nothing once done).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('design_files').addColumn('preview_mesh_key', 'text').execute();
  await sql`
    create index design_files_preview_mesh_missing_idx on design_files (design_id)
    where kind = 'stl' and preview_mesh_key is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists design_files_preview_mesh_missing_idx`.execute(db);
  await db.schema.alterTable('design_files').dropColumn('preview_mesh_key').execute();
}
