import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { CheckoutService } from './checkout-service.ts';
import { Fulfilment } from './fulfilment-repo.ts';
import type { PaymentsPort } from './payments-port.ts';
import { PaymentsRepo } from './payments-repo.ts';
import { SandboxPayments } from './sandbox-adapter.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { SellerService } from './seller-service.ts';
import { StripePayments } from './stripe-adapter.ts';
import { webhookRoute } from './webhook-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How payments are taken here; server.ts gives demo sellers sandbox accounts in test mode. */
    paymentsMode: PaymentsPort['mode'] | 'off';
  }
}

/** The adapter the configuration asks for: Stripe with a key, else the sandbox unless it is off. */
export function choosePayments(config: Config['payments']): PaymentsPort | null {
  if (config.stripe) return new StripePayments(config.stripe);
  return config.sandboxEnabled ? new SandboxPayments() : null;
}

/**
 * Checkouts, the webhook, sellers' payout accounts and the billing portal (docs/api.md). Without a
 * payment adapter (sandbox switched off, no Stripe key) none of these routes exist.
 */
export function paymentsRoutes(
  app: FastifyInstance,
  deps: { db: Database; payments: PaymentsPort | null; publicUrl: string },
) {
  const { payments } = deps;
  app.decorate('paymentsMode', payments?.mode ?? 'off');
  if (!payments) return;
  const repo = new PaymentsRepo(deps.db);
  const checkout = new CheckoutService(repo, payments, deps.publicUrl);
  const sellers = new SellerService(repo, payments, deps.publicUrl);
  const fulfilment = new Fulfilment(deps.db, payments, app.log);

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

  app.get('/api/payments/payouts/seller-data', async (request) =>
    sellers.sellerData(await request.requireViewer()),
  );
  app.post('/api/payments/stripe-connect/connect', async (request) =>
    sellers.connect(await request.requireViewer()),
  );
  app.post('/api/payments/stripe-connect/connect/onboard', async (request) =>
    sellers.onboard(await request.requireViewer()),
  );
  app.post('/api/payments/billing-portal', async (request) =>
    sellers.billingPortal(await request.requireViewer()),
  );

  webhookRoute(app, payments, fulfilment);
  if (payments instanceof SandboxPayments) sandboxRoutes(app, { repo, sandbox: payments });
}
