import { createHash, randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import {
  type PaymentsPort,
  type PurchasePayment,
  WebhookPayloadError,
  WebhookSignatureError,
} from './payments-port.ts';

/** A refund the sandbox made, for the sandbox's pages to report to the webhook as Stripe would. */
export type SandboxRefund = PurchasePayment & { refundId: string };

/** Webhook signatures older than this are refused (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** How long a sandbox checkout page takes payment, as long as Stripe's by default. */
const CHECKOUT_LIFETIME_MS = 24 * 3600 * 1000;

/**
 * The test-mode stand-in for a payment provider, so a fresh machine can sell without an account
 * anywhere. Its checkout and onboarding "pages" are pages of our own app (/sandbox/...); paying
 * there makes the server post a Stripe-shaped event, signed with Stripe's scheme, to the same
 * webhook route Stripe would call (sandbox-routes.ts). Nothing here moves real money.
 */
export class SandboxPayments implements PaymentsPort {
  readonly mode = 'sandbox' as const;
  // Only the SDK's signing helpers are used, taken from the class: it never makes a network call
  // here, and constructing a client would build every API resource for nothing. The SDK is loaded
  // with the first payment, not at start (about 40 ms and 16 MB of a server that only serves pages).
  #webhooks: Promise<typeof Stripe.webhooks> | undefined;
  // Made afresh at each start: the sandbox signs and verifies in the same process.
  readonly #webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;

  async createCheckout() {
    const providerSessionId = sandboxId('cs_sandbox');
    return {
      providerSessionId,
      url: `/sandbox/checkout/${providerSessionId}`,
      expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
    };
  }

  async createConnectedAccount() {
    return { accountId: sandboxId('acct_sandbox') };
  }

  async onboardingLink(accountId: string) {
    return { url: `/sandbox/connect/${accountId}` };
  }

  async accountDashboardLink(accountId: string) {
    return { url: `/sandbox/connect/${accountId}` };
  }

  async createCustomer() {
    return { customerId: sandboxId('cus_sandbox') };
  }

  /** There is no customer portal in test mode; the app shows its own purchase history instead. */
  async billingPortalLink() {
    return null;
  }

  /** The sandbox keeps no billing terms of its own: the subscription's end date stays ours. */
  async cancelSubscriptionAtPeriodEnd() {
    return { currentPeriodEnd: null };
  }

  async resumeSubscription() {
    return { currentPeriodEnd: null };
  }

  /** No money moved, so none moves back: the refund is the record we keep of it (payment_refunds). */
  async refundDuplicate() {
    return { refundId: sandboxId('re_sandbox') };
  }

  /**
   * No money moves; the refund is reported as Stripe reports one, a `charge.refunded` event posted
   * to the webhook (by whoever `reportRefundsTo` named: the sandbox module), and recorded there.
   * Ids come from the purchase's id, so asking again reports the same refund in the same event,
   * which the webhook finds applied already.
   */
  async refundPayment(payment: PurchasePayment) {
    if (!this.#reportRefund) throw new Error('the sandbox reports refunds to no webhook');
    const refundId = `re_sandbox_${digest(payment.purchaseId)}`;
    await this.#reportRefund({ ...payment, refundId });
    return { refundId, paymentIntentId: payment.paymentIntentId };
  }

  #reportRefund: ((refund: SandboxRefund) => Promise<void>) | null = null;

  /** Where refunds are reported: the sandbox module posts them to the webhook as events. */
  reportRefundsTo(report: (refund: SandboxRefund) => Promise<void>): void {
    this.#reportRefund = report;
  }

  async verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<unknown> {
    if (!signatureHeader) throw new WebhookSignatureError('Missing signature');
    const webhooks = await this.#signing();
    try {
      return webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.#webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (err) {
      // The SDK parses the body only once the signature checked out.
      if (err instanceof SyntaxError) throw new WebhookPayloadError(err.message);
      throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
    }
  }

  /** The Stripe-Signature header for an event the sandbox sends to its own webhook. */
  async sign(payload: string): Promise<string> {
    return (await this.#signing()).generateTestHeaderString({ payload, secret: this.#webhookSecret });
  }

  #signing(): Promise<typeof Stripe.webhooks> {
    this.#webhooks ??= import('stripe').then((module) => module.default.webhooks);
    return this.#webhooks;
  }
}

/** A sandbox id fixed by one of ours: the same refund of the same purchase, every time. */
export function digest(ourId: string): string {
  return createHash('sha256').update(ourId).digest('hex').slice(0, 24);
}

export function sandboxId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}
