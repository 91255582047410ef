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

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders STL previews after uploads commit; server.ts queues what a crash left unrendered. */
    stlPreviews: StlPreviewJobs;
  }
}

/**
 * Design uploads and file changes: their service, routes, the STL preview jobs and their worker
 * pool (workers start with the first render and end when the app closes).
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
}
