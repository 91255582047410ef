import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { DesignViewsRepo } from './views-repo.ts';
import { viewsRoutes } from './views-routes.ts';
import { DesignViewsService } from './views-service.ts';

/** Counting a design's views. */
export function registerViews(app: FastifyInstance, deps: ModuleDeps): void {
  const views = new DesignViewsService(new DesignViewsRepo(deps.db), deps.jwtSecret, (err) =>
    app.log.error({ err }, 'design view log purge failed'),
  );
  viewsRoutes(app, views);
}
