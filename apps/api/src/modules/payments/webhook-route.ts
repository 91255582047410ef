import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { type Fulfilment, PaymentMismatchError } from './fulfilment-repo.ts';
import { type PaymentsPort, WebhookPayloadError, WebhookSignatureError } from './payments-port.ts';
import { readPaymentEvent } from './webhook-events.ts';

export const WEBHOOK_PATH = '/api/payments/webhook';

/**
 * POST /api/payments/webhook. The signature is checked on the exact bytes received, so this route
 * (in its own plugin scope) keeps the body raw instead of parsing JSON. A bad, missing or stale
 * signature, a signed body that is not JSON, a paid event without its amount and currency or with
 * others than the checkout's: each is a 400 that changes nothing (the event is not stored either).
 * A fault of ours is a 500, and the provider retries.
 */
export function webhookRoute(app: FastifyInstance, payments: PaymentsPort, fulfilment: Fulfilment) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let verified: unknown;
      try {
        verified = payments.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError)
          throw badRequest('Invalid webhook signature.', 'BAD_SIGNATURE');
        if (err instanceof WebhookPayloadError) throw badRequest('The event is not JSON.', 'BAD_EVENT');
        throw err;
      }
      const event = readPaymentEvent(verified);
      if (!event) throw badRequest('Not a payment event, or a paid one without its amount.', 'BAD_EVENT');
      let result: Awaited<ReturnType<Fulfilment['apply']>>;
      try {
        result = await fulfilment.apply(event);
      } catch (err) {
        if (err instanceof PaymentMismatchError) throw badRequest(err.message, 'AMOUNT_MISMATCH');
        throw err;
      }
      request.log.info({ eventId: event.eventId, type: event.type, result }, 'payment event');
      return { received: true, result };
    });
  });
}
