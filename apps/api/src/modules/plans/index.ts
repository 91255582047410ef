import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { PlansRepo } from './plans-repo.ts';
import { plansRoutes } from './plans-routes.ts';
import { PlansService } from './plans-service.ts';

/** Sellers' subscription plans. */
export function registerPlans(app: FastifyInstance, deps: ModuleDeps): void {
  plansRoutes(app, new PlansService(new PlansRepo(deps.db)));
}
