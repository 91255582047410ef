import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createPreviewPool } from '../../lib/stl-render/preview-pool.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { DesignFileWriter } from '../../lib/uploads/store-design-files.ts';
import { StlPreviewJobs } from './preview-jobs.ts';
import { UploadRepo } from './upload-repo.ts';
import { designUploadRoutes } from './upload-routes.ts';
import { DesignUploadService } from './upload-service.ts';
import { sweepUploadLeftovers } from './upload-sweep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders STL previews after uploads commit; server.ts queues what a crash left unrendered. */
    stlPreviews: StlPreviewJobs;
  }
}

/**
 * Design uploads and file changes: their service, routes, the STL preview jobs and their worker
 * pool (workers start with the first render and end when the app closes), and the sweep of
 * upload leftovers (at start, then hourly).
 */
export function designUploads(
  app: FastifyInstance,
  deps: { config: Config; db: Database; files: FileStore },
) {
  const { config } = deps;
  const pool = createPreviewPool({
    workerUrl: config.uploads.previewWorkerFile ? pathToFileURL(config.uploads.previewWorkerFile) : undefined,
  });
  const previews = new StlPreviewJobs(deps.db, deps.files, pool, app.log);
  app.decorate('stlPreviews', previews);
  app.addHook('onClose', async () => {
    previews.close();
    await pool.close();
  });
  const service = new DesignUploadService(
    new UploadRepo(deps.db),
    new DesignFileWriter(deps.files),
    deps.files,
    config.uploads,
    (designId) => previews.enqueue(designId),
  );
  designUploadRoutes(app, service, path.join(config.dataDir, 'tmp', 'uploads'));
  sweepLeftoversHourly(app, deps, config.uploads.leftoverMinAgeMs);
}

/**
 * Stored files no row references are what a process stopped between storing and committing an
 * upload left. The first sweep runs before the server listens; the hourly ones catch leftovers
 * that were too young to go at start.
 */
function sweepLeftoversHourly(
  app: FastifyInstance,
  deps: { db: Database; files: FileStore },
  minAgeMs: number,
) {
  const sweep = async () => {
    try {
      const removed = await sweepUploadLeftovers(deps.db, deps.files, { minAgeMs });
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
