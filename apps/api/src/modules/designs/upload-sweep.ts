import type { Database } from '../../db/database.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { type SweepOptions, sweepOrphans } from '../../lib/uploads/sweep-orphans.ts';
import { UploadRepo } from './upload-repo.ts';

/**
 * The start-up sweep of upload leftovers in storage: design files and previews no row references,
 * left by a process that stopped between storing an upload and committing it. (Temporary upload
 * files live under DATA_DIR/tmp, which server.ts empties before this runs.)
 */
export function sweepUploadLeftovers(db: Database, files: FileStore, options?: SweepOptions) {
  const repo = new UploadRepo(db);
  return sweepOrphans(files, (keys) => repo.referencedKeys(keys), options);
}
