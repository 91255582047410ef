import type { FastifyInstance } from 'fastify';
import { NotificationJobs } from '../../lib/notification-jobs.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { PurchasesRepo } from './purchases-repo.ts';
import { purchasesRoutes } from './purchases-routes.ts';
import { PurchasesService } from './purchases-service.ts';

/** A person's purchases and subscriptions; a cancellation is told to the seller by mail. */
export function registerPurchases(app: FastifyInstance, deps: ModuleDeps): void {
  const notifications = new NotificationJobs(deps.jobs);
  purchasesRoutes(
    app,
    new PurchasesService(new PurchasesRepo(deps.db, notifications), deps.payments, () =>
      notifications.wake(),
    ),
  );
}
