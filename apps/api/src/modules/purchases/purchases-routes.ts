import type { FastifyInstance } from 'fastify';
import type { PurchasesService } from './purchases-service.ts';

/** A person's purchases and subscriptions (docs/product.md#my-purchases; docs/api.md). */
export function purchasesRoutes(app: FastifyInstance, purchases: PurchasesService) {
  app.get('/api/purchases/my', async (request) => purchases.mine(await request.requireViewer()));
  app.get<{ Querystring: { collectionId?: string } }>(
    '/api/purchases/my-collection-purchase',
    async (request) =>
      purchases.collectionPurchase(await request.requireViewer(), request.query.collectionId),
  );
  app.post('/api/purchases/cancel', async (request) =>
    purchases.cancel(await request.requireViewer(), request.body),
  );
  app.post('/api/purchases/resume', async (request) =>
    purchases.resume(await request.requireViewer(), request.body),
  );
}
