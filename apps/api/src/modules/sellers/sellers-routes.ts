import type { FastifyInstance } from 'fastify';
import type { SellerService } from './sellers-service.ts';

/** Sellers' payout accounts and earnings (docs/api.md). */
export function sellersRoutes(app: FastifyInstance, sellers: SellerService) {
  app.get('/api/payments/payouts/seller-data', async (request) =>
    sellers.sellerData(await request.requireViewer()),
  );
  app.post('/api/payments/stripe-connect/connect', async (request) =>
    sellers.connect(await request.requireViewer()),
  );
  app.post('/api/payments/stripe-connect/connect/onboard', async (request) =>
    sellers.onboard(await request.requireViewer()),
  );
}
