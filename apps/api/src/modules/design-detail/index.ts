import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { DesignDetailRepo } from './design-detail-repo.ts';
import { designDetailRoutes } from './design-detail-routes.ts';
import { DesignDetailService } from './design-detail-service.ts';

/** The design page's design; its service is returned for the owner's edit form to answer with. */
export function registerDesignDetail(
  app: FastifyInstance,
  deps: ModuleDeps,
): { details: DesignDetailService } {
  const details = new DesignDetailService(new DesignDetailRepo(deps.db));
  designDetailRoutes(app, details);
  return { details };
}
