import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createPreviewPool } from '../../lib/stl-render/preview-pool.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { DesignFileWriter } from '../../lib/uploads/store-design-files.ts';
import { UploadRepo } from './upload-repo.ts';
import { designUploadRoutes } from './upload-routes.ts';
import { DesignUploadService } from './upload-service.ts';

/**
 * Design uploads and file changes: their service, routes and the STL preview worker pool (workers
 * start with the first render and end when the app closes).
 */
export function designUploads(
  app: FastifyInstance,
  deps: { config: Config; db: Database; files: FileStore },
) {
  const { config } = deps;
  const previews = createPreviewPool({
    workerUrl: config.uploads.previewWorkerFile ? pathToFileURL(config.uploads.previewWorkerFile) : undefined,
  });
  app.addHook('onClose', () => previews.close());
  const service = new DesignUploadService(
    new UploadRepo(deps.db),
    new DesignFileWriter(deps.files, previews),
    deps.files,
    config.uploads,
  );
  designUploadRoutes(app, service, path.join(config.dataDir, 'tmp', 'uploads'));
}
