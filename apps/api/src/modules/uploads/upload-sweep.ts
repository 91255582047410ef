import type { PendingUploads } from '../../db/pending-uploads.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { type SweepOptions, sweepOrphans } from '../../lib/uploads/sweep-orphans.ts';
import type { UploadRepo } from './uploads-repo.ts';

/**
 * The sweep of upload leftovers in storage: design files, previews, avatars and banners that no
 * row references and no upload in progress holds, left by a process that stopped between storing
 * and committing (or between rendering a preview and recording it). Leases that ran out are
 * dropped first, so what their stopped uploads stored goes in the same run. Temporary upload
 * files live under DATA_DIR/tmp, which server.ts empties at start.
 */
export async function sweepUploadLeftovers(
  { repo, leases, files }: { repo: UploadRepo; leases: PendingUploads; files: FileStore },
  options?: SweepOptions,
) {
  await leases.dropExpired();
  return sweepOrphans(
    files,
    { leased: (keys) => leases.leasedKeys(keys), referenced: (keys) => repo.referencedKeys(keys) },
    options,
  );
}
