import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { ModuleDeps } from '../module-deps.ts';
import type { SellerService } from '../sellers/sellers-service.ts';
import type { PaymentsPort } from './payments-port.ts';
import { PaymentsRepo } from './payments-repo.ts';
import { paymentsRoutes } from './payments-routes.ts';
import { CheckoutService } from './payments-service.ts';
import { SandboxPayments } from './sandbox-adapter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How payments are taken here; server.ts gives demo sellers sandbox accounts in test mode. */
    paymentsMode: PaymentsPort['mode'] | 'off';
  }
}

/**
 * The adapter the configuration asks for: Stripe with a key, else the sandbox unless it is off.
 * The Stripe SDK is loaded only when Stripe is used (the sandbox loads it with its first payment).
 */
export async function choosePayments(config: Config['payments']): Promise<PaymentsPort | null> {
  if (config.stripe) {
    const { StripePayments } = await import('./stripe-adapter.ts');
    return new StripePayments(config.stripe);
  }
  return config.sandboxEnabled ? new SandboxPayments() : null;
}

/**
 * Checkouts and the billing portal. Without a payment adapter (sandbox switched off, no Stripe key)
 * none of the payment routes exist; the checkout service is returned for the sandbox's pages.
 */
export function registerPayments(
  app: FastifyInstance,
  deps: ModuleDeps,
  uses: { sellers: SellerService | null },
): { checkout: CheckoutService | null } {
  const { payments } = deps;
  app.decorate('paymentsMode', payments?.mode ?? 'off');
  if (!payments || !uses.sellers) return { checkout: null };
  const checkout = new CheckoutService(
    new PaymentsRepo(deps.db),
    payments,
    deps.config.publicUrl,
    uses.sellers,
  );
  paymentsRoutes(app, checkout);
  return { checkout };
}
