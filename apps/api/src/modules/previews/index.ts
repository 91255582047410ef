import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createPreviewPool } from '../../lib/stl-render/preview-pool.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { PreviewsRepo } from './previews-repo.ts';
import { StlPreviewJobs } from './previews-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders STL previews after uploads commit; server.ts queues what a crash left unrendered. */
    stlPreviews: StlPreviewJobs;
  }
}

/**
 * The STL preview jobs and their worker pool (workers start with the first render and end when the
 * app closes). No routes: uploads queue their designs through the returned jobs.
 */
export function registerPreviews(app: FastifyInstance, deps: ModuleDeps): { previews: StlPreviewJobs } {
  const { uploads } = deps.config;
  const pool = createPreviewPool({
    workerUrl: uploads.previewWorkerFile ? pathToFileURL(uploads.previewWorkerFile) : undefined,
  });
  const previews = new StlPreviewJobs(new PreviewsRepo(deps.db), deps.files, pool, app.log);
  app.decorate('stlPreviews', previews);
  app.addHook('onClose', async () => {
    previews.close();
    await pool.close();
  });
  return { previews };
}
