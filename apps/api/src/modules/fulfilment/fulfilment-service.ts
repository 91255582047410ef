import { badRequest } from '../../lib/errors.ts';
import { type PaymentsPort, WebhookPayloadError, WebhookSignatureError } from '../payments/payments-port.ts';
import { type Fulfilment, type FulfilmentResult, PaymentMismatchError } from './fulfilment-repo.ts';
import { type PaymentEvent, readPaymentEvent } from './webhook-events.ts';

/**
 * Receives the provider's webhook deliveries. The signature is checked on the exact bytes
 * received. A bad, missing or stale signature, a signed body that is not JSON, a paid event
 * without its amount and currency or with others than the checkout's: each is a 400 that changes
 * nothing (the event is not stored either). A fault of ours is thrown as it is (a 500), and the
 * provider retries.
 */
export class FulfilmentService {
  constructor(
    private readonly payments: PaymentsPort,
    private readonly fulfilment: Fulfilment,
  ) {}

  async receive(
    raw: Buffer,
    signature: string | undefined,
  ): Promise<{ event: PaymentEvent; result: FulfilmentResult }> {
    let verified: unknown;
    try {
      verified = await this.payments.verifyWebhook(raw, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError)
        throw badRequest('Invalid webhook signature.', 'BAD_SIGNATURE');
      if (err instanceof WebhookPayloadError) throw badRequest('The event is not JSON.', 'BAD_EVENT');
      throw err;
    }
    const event = readPaymentEvent(verified);
    if (!event) throw badRequest('Not a payment event, or a paid one without its amount.', 'BAD_EVENT');
    try {
      return { event, result: await this.fulfilment.apply(event) };
    } catch (err) {
      if (err instanceof PaymentMismatchError) throw badRequest(err.message, 'AMOUNT_MISMATCH');
      throw err;
    }
  }
}
