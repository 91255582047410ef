import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { WEBHOOK_PATH } from '../fulfilment/fulfilment-routes.ts';
import type { ModuleDeps } from '../module-deps.ts';
import type { CheckoutService } from '../payments/payments-service.ts';
import { SandboxPayments } from '../payments/sandbox-adapter.ts';
import type { SellerService } from '../sellers/sellers-service.ts';
import { refundEvent } from './sandbox-events.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { type DeliverEvents, SandboxService } from './sandbox-service.ts';

/**
 * The sandbox's hosted pages, only while the sandbox takes the payments. Its events reach our own
 * webhook route through `app.inject`, signed as the provider would sign them.
 */
export function registerSandbox(
  app: FastifyInstance,
  deps: ModuleDeps,
  uses: { checkout: CheckoutService | null; sellers: SellerService | null },
): void {
  const sandbox = deps.payments;
  if (!(sandbox instanceof SandboxPayments) || !uses.checkout || !uses.sellers) return;
  const deliver: DeliverEvents = async (events) => {
    for (const event of events) {
      const payload = JSON.stringify(event);
      const response = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': await sandbox.sign(payload) },
        payload,
      });
      if (response.statusCode !== 200)
        throw new AppError(502, 'WEBHOOK_FAILED', 'The payment could not be recorded. Please try again.');
    }
  };
  // A refund is reported as Stripe reports one: an event to the webhook, recorded there.
  sandbox.reportRefundsTo((refund) => deliver([refundEvent(refund)]));
  sandboxRoutes(app, new SandboxService(uses.checkout, uses.sellers, deliver));
}
