import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { DesignsRepo } from './designs-repo.ts';
import { designsRoutes } from './designs-routes.ts';
import { DesignsService } from './designs-service.ts';

/** Lists of design cards. */
export function registerDesigns(app: FastifyInstance, deps: ModuleDeps): void {
  designsRoutes(app, new DesignsService(new DesignsRepo(deps.db)));
}
