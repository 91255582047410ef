import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { DesignFileWriter } from '../../lib/uploads/store-design-files.ts';
import type { ModuleDeps } from '../module-deps.ts';
import type { StlPreviewJobs } from '../previews/previews-service.ts';
import { sweepUploadLeftovers } from './upload-sweep.ts';
import { UploadRepo } from './uploads-repo.ts';
import { designUploadRoutes } from './uploads-routes.ts';
import { DesignUploadService } from './uploads-service.ts';

/**
 * Design uploads and file changes: their service and routes, and the sweep of upload leftovers
 * (at start, then hourly). STL files are queued for their previews once their upload commits.
 */
export function registerUploads(
  app: FastifyInstance,
  deps: ModuleDeps,
  uses: { previews: Pick<StlPreviewJobs, 'enqueue'> },
): void {
  const { config } = deps;
  const repo = new UploadRepo(deps.db);
  const service = new DesignUploadService(
    repo,
    new DesignFileWriter(deps.files),
    deps.files,
    config.uploads,
    (designId) => uses.previews.enqueue(designId),
  );
  designUploadRoutes(app, service, path.join(deps.tempDir, 'uploads'));
  sweepLeftoversHourly(app, repo, deps.files, config.uploads.leftoverMinAgeMs);
}

/**
 * Stored files no row references are what a process stopped between storing and committing an
 * upload left. The first sweep runs before the server listens; the hourly ones catch leftovers
 * that were too young to go at start.
 */
function sweepLeftoversHourly(app: FastifyInstance, repo: UploadRepo, files: FileStore, minAgeMs: number) {
  const sweep = async () => {
    try {
      const removed = await sweepUploadLeftovers(repo, files, { minAgeMs });
      if (removed.length > 0)
        app.log.info({ removed: removed.length }, 'removed upload leftovers from storage');
    } catch (err) {
      app.log.error({ err }, 'upload leftovers sweep failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, 3_600_000).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
