import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { SellersRepo } from './sellers-repo.ts';
import { sellersRoutes } from './sellers-routes.ts';
import { SellerService } from './sellers-service.ts';

/**
 * Sellers' payout accounts and earnings; nothing without a payment adapter. The service is
 * returned: checkouts pay into the seller's account, the sandbox onboards it.
 */
export function registerSellers(app: FastifyInstance, deps: ModuleDeps): { sellers: SellerService | null } {
  if (!deps.payments) return { sellers: null };
  const sellers = new SellerService(new SellersRepo(deps.db), deps.payments, deps.config.publicUrl);
  sellersRoutes(app, sellers);
  return { sellers };
}
