import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { RefundsRepo } from './refunds-repo.ts';
import { refundsRoutes } from './refunds-routes.ts';
import { RefundsService } from './refunds-service.ts';

/**
 * Operators' refunds: finding a purchase and giving its payment back through the provider. The
 * provider's own refund and dispute events are applied by the webhook (modules/fulfilment).
 */
export async function registerRefunds(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await refundsRoutes(app, new RefundsService(new RefundsRepo(deps.db), deps.payments));
}
