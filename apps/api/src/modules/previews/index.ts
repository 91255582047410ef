import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createPreviewPool } from '../../lib/stl-render/preview-pool.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { PreviewsRepo } from './previews-repo.ts';
import { StlPreviewJobs, StlPreviewRenderer } from './previews-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues STL preview renders after uploads commit; server.ts queues what is still missing. */
    stlPreviews: StlPreviewJobs;
  }
}

/**
 * The STL preview jobs and the worker pool that renders them on this instance (its threads start
 * with the first render and end when the app closes). No routes: uploads queue their designs
 * through the returned jobs.
 */
export function registerPreviews(app: FastifyInstance, deps: ModuleDeps): { previews: StlPreviewJobs } {
  const { uploads } = deps.config;
  const pool = createPreviewPool({
    workerUrl: uploads.previewWorkerFile ? pathToFileURL(uploads.previewWorkerFile) : undefined,
    size: uploads.previewWorkers,
  });
  const repo = new PreviewsRepo(deps.db);
  const previews = new StlPreviewJobs(deps.jobs, repo, app.log);
  void previews.workWith(new StlPreviewRenderer(repo, deps.files, pool, deps.leases, app.log));
  app.decorate('stlPreviews', previews);
  app.addHook('onClose', async () => {
    // The render in hand finishes first; then no job is left holding a closed pool.
    await deps.jobs.stop();
    await pool.close();
  });
  return { previews };
}
