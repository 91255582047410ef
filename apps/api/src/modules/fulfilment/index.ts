import type { FastifyInstance } from 'fastify';
import { NotificationJobs } from '../../lib/notification-jobs.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { Fulfilment } from './fulfilment-repo.ts';
import { fulfilmentRoutes } from './fulfilment-routes.ts';
import { FulfilmentService } from './fulfilment-service.ts';

/** The provider's webhook: paid checkouts become purchases and subscriptions. Nothing without payments. */
export function registerFulfilment(app: FastifyInstance, deps: ModuleDeps): void {
  if (!deps.payments) return;
  const fulfilment = new Fulfilment(deps.db, deps.payments, new NotificationJobs(deps.jobs), app.log);
  fulfilmentRoutes(app, new FulfilmentService(deps.payments, fulfilment));
}
