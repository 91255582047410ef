import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { DesignViewsRepo } from './views-repo.ts';
import { viewsRoutes } from './views-routes.ts';
import { DesignViewsService } from './views-service.ts';

export const VIEW_LOG_PURGE_QUEUE = 'view_log_purge';

/** Counting a design's views; the log rows past their hour are purged every ten minutes. */
export function registerViews(app: FastifyInstance, deps: ModuleDeps): void {
  const views = new DesignViewsService(new DesignViewsRepo(deps.db), deps.jwtSecret);
  viewsRoutes(app, views);
  // One instance at a time runs the purge: a single indexed delete.
  deps.jobs.work(
    VIEW_LOG_PURGE_QUEUE,
    { policy: 'singleton', retryLimit: 1, retryDelay: 60, retryBackoff: false },
    () => views.purgeOld(),
  );
  deps.jobs.schedule(VIEW_LOG_PURGE_QUEUE, '*/10 * * * *');
}
