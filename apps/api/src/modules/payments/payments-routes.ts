import type { FastifyInstance } from 'fastify';
import type { CheckoutService } from './payments-service.ts';

/** Checkouts and the billing portal (docs/api.md). */
export function paymentsRoutes(app: FastifyInstance, checkout: CheckoutService) {
  const base = '/api/payments/checkout';
  app.post(`${base}/create-checkout-session`, async (request) =>
    checkout.designSession(await request.viewer(), request.body),
  );
  app.post(`${base}/create-collection-session`, async (request) =>
    checkout.collectionSession(await request.viewer(), request.body),
  );
  app.post(`${base}/create-subscription-session`, async (request) =>
    checkout.subscriptionSession(await request.viewer(), request.body),
  );
  app.get<{ Querystring: { session_id?: string } }>(`${base}/status`, async (request) =>
    checkout.status(await request.viewer(), request.query.session_id),
  );

  app.post('/api/payments/billing-portal', async (request) =>
    checkout.billingPortal(await request.requireViewer()),
  );
}
