import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DesignFileWriter } from '../../lib/uploads/store-design-files.ts';
import type { ModuleDeps } from '../module-deps.ts';
import type { StlPreviewJobs } from '../previews/previews-service.ts';
import { sweepUploadLeftovers } from './upload-sweep.ts';
import { UploadRepo } from './uploads-repo.ts';
import { designUploadRoutes } from './uploads-routes.ts';
import { DesignUploadService } from './uploads-service.ts';

/**
 * Design uploads and file changes: their service and routes, and the sweep of upload leftovers
 * (a scheduled job: at start, then hourly). STL files are queued for their previews once their upload commits.
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
    deps.leases,
  );
  designUploadRoutes(app, service, path.join(deps.tempDir, 'uploads'));
  sweepLeftoversHourly(app, deps, repo, config.uploads.leftoverMinAgeMs);
}

/** The queue of the sweep; one job at a time across every instance. */
export const UPLOAD_SWEEP_QUEUE = 'upload_leftovers_sweep';
/**
 * A write unfinished after a day was cut off (its process died): a 500 MB model streams in
 * minutes even on a slow link, and S3 itself suggests a day for its cleanup rule.
 */
const INCOMPLETE_WRITE_MAX_AGE_MS = 24 * 3_600_000;

/**
 * Stored files no row references and no lease holds are what a process stopped between storing
 * and committing left; writes cut off in the middle leave unfinished parts. One instance sweeps
 * at start (a job sent by each starting instance is kept once), then hourly; the hourly sweeps
 * catch leftovers that were too young to go at start.
 */
function sweepLeftoversHourly(app: FastifyInstance, deps: ModuleDeps, repo: UploadRepo, minAgeMs: number) {
  const { jobs, files, leases } = deps;
  jobs.work(
    UPLOAD_SWEEP_QUEUE,
    { policy: 'singleton', retryLimit: 2, retryDelay: 60, retryBackoff: true },
    async () => {
      const removed = await sweepUploadLeftovers({ repo, leases, files }, { minAgeMs });
      if (removed.length > 0)
        app.log.info({ removed: removed.length }, 'removed upload leftovers from storage');
      try {
        const aborted = await files.abortIncompleteWrites(new Date(Date.now() - INCOMPLETE_WRITE_MAX_AGE_MS));
        if (aborted > 0) app.log.info({ aborted }, 'removed unfinished writes from storage');
      } catch (err) {
        // Some S3-compatible services lack the multipart listing; the leftovers went all the same.
        app.log.warn({ err }, 'unfinished writes in storage could not be listed');
      }
    },
  );
  jobs.schedule(UPLOAD_SWEEP_QUEUE, '0 * * * *');
  app.addHook('onReady', async () => {
    await jobs.send(UPLOAD_SWEEP_QUEUE, null, { singletonKey: 'start' });
  });
}
