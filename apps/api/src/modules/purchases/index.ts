import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { PurchasesRepo } from './purchases-repo.ts';
import { purchasesRoutes } from './purchases-routes.ts';
import { PurchasesService } from './purchases-service.ts';

/** A person's purchases and subscriptions. */
export function registerPurchases(app: FastifyInstance, deps: ModuleDeps): void {
  purchasesRoutes(app, new PurchasesService(new PurchasesRepo(deps.db), deps.payments));
}
