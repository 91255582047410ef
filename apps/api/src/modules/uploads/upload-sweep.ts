import type { FileStore } from '../../lib/storage/file-store.ts';
import { type SweepOptions, sweepOrphans } from '../../lib/uploads/sweep-orphans.ts';
import type { UploadRepo } from './uploads-repo.ts';

/**
 * The sweep of upload leftovers in storage: design files and previews no row references, left by
 * a process that stopped between storing an upload and committing it (or between rendering a
 * preview and recording it). Temporary upload files live under DATA_DIR/tmp, which server.ts
 * empties at start.
 */
export function sweepUploadLeftovers(repo: UploadRepo, files: FileStore, options?: SweepOptions) {
  return sweepOrphans(files, (keys) => repo.referencedKeys(keys), options);
}
