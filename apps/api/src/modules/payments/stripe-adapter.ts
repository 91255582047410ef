import Stripe from 'stripe';
import {
  type CheckoutOrder,
  type DuplicatePayment,
  PaymentNotFoundError,
  type PaymentsPort,
  type PurchasePayment,
  WebhookPayloadError,
  WebhookSignatureError,
} from './payments-port.ts';

export type StripeSettings = { secretKey: string; webhookSecret: string; apiBase?: string };

/** How old a signed webhook delivery may be; Stripe's own default, stated so it cannot drift. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The Payments port on Stripe: hosted Checkout with destination charges (the platform keeps its fee,
 * the rest goes to the seller's connected Express account), subscriptions billed the same way, and
 * webhook verification on the raw body. Idempotency keys come from our own ids, so a retried request
 * (by the SDK or by a user double-clicking) never opens a second session, account or customer.
 */
export class StripePayments implements PaymentsPort {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings) {
    this.webhookSecret = settings.webhookSecret;
    this.stripe = new Stripe(settings.secretKey, {
      // A buyer is waiting on the other end; fail in seconds rather than the SDK's 80 s default.
      timeout: 15_000,
      // Retries are safe: every POST carries an idempotency key (ours, or one the SDK generates).
      maxNetworkRetries: 2,
      ...(settings.apiBase ? hostOptions(settings.apiBase) : {}),
    });
  }

  async createCheckout(
    order: CheckoutOrder,
  ): Promise<{ providerSessionId: string; url: string; expiresAt: Date | null }> {
    const tag = { checkoutSessionId: order.checkoutSessionId };
    const subscription = order.kind === 'subscription';
    const interval = order.planType === 'yearly' ? 'year' : 'month';
    const transfer_data = { destination: order.sellerAccountId };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: subscription ? 'subscription' : 'payment',
        // Both come back on the completed session, so the webhook can find our row either way.
        client_reference_id: order.checkoutSessionId,
        metadata: tag,
        ...(order.customerId ? { customer: order.customerId } : { customer_email: order.buyerEmail }),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency,
              unit_amount: order.priceCents,
              product_data: { name: order.itemName },
              ...(subscription ? { recurring: { interval } } : {}),
            },
          },
        ],
        // Destination charges: the charge is the platform's, Stripe moves the rest to the seller.
        ...(subscription
          ? {
              // On the subscription, so every invoice it bills carries our id and the fee.
              subscription_data: {
                application_fee_percent: order.applicationFeePercent,
                transfer_data,
                metadata: tag,
              },
            }
          : {
              payment_intent_data: {
                application_fee_amount: order.applicationFeeCents,
                transfer_data,
                metadata: tag,
              },
            }),
        // Holds Stripe's literal {CHECKOUT_SESSION_ID} placeholder, which Stripe fills in on redirect.
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
      },
      { idempotencyKey: `checkout:${order.checkoutSessionId}` },
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
    return {
      providerSessionId: session.id,
      url: session.url,
      expiresAt: typeof session.expires_at === 'number' ? new Date(session.expires_at * 1000) : null,
    };
  }

  async createConnectedAccount(seller: { userId: string; email: string }): Promise<{ accountId: string }> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        email: seller.email,
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { userId: seller.userId },
      },
      { idempotencyKey: `account:${seller.userId}` },
    );
    return { accountId: account.id };
  }

  async onboardingLink(
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string }> {
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: urls.refreshUrl,
      return_url: urls.returnUrl,
    });
    return { url: link.url };
  }

  async accountDashboardLink(accountId: string): Promise<{ url: string }> {
    const link = await this.stripe.accounts.createLoginLink(accountId);
    return { url: link.url };
  }

  async createCustomer(buyer: {
    userId: string;
    email: string;
    name: string;
  }): Promise<{ customerId: string }> {
    const customer = await this.stripe.customers.create(
      { email: buyer.email, name: buyer.name, metadata: { userId: buyer.userId } },
      { idempotencyKey: `customer:${buyer.userId}` },
    );
    return { customerId: customer.id };
  }

  async billingPortalLink(customerId: string, returnUrl: string): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return { url: session.url };
  }

  async cancelSubscriptionAtPeriodEnd(
    providerSubscriptionId: string,
  ): Promise<{ currentPeriodEnd: Date | null }> {
    const subscription = await this.stripe.subscriptions.update(providerSubscriptionId, {
      cancel_at_period_end: true,
    });
    return { currentPeriodEnd: periodEndOf(subscription) };
  }

  async resumeSubscription(providerSubscriptionId: string): Promise<{ currentPeriodEnd: Date | null }> {
    const subscription = await this.stripe.subscriptions.update(providerSubscriptionId, {
      cancel_at_period_end: false,
    });
    return { currentPeriodEnd: periodEndOf(subscription) };
  }

  /**
   * A full refund of the duplicate payment; on a destination charge the seller's transfer and the
   * platform's fee are reversed with it, so nobody keeps a share of it. A duplicate subscription is
   * ended first (no further invoices); its payment is the first invoice's.
   */
  async refundDuplicate(payment: DuplicatePayment): Promise<{ refundId: string }> {
    const key = `refund:${payment.checkoutSessionId}`;
    let paymentIntent = payment.paymentIntentId;
    if (payment.providerSubscriptionId) {
      await this.stripe.subscriptions.cancel(
        payment.providerSubscriptionId,
        {},
        { idempotencyKey: `end-${key}` },
      );
      if (!paymentIntent && payment.invoiceId) {
        const paid = await this.stripe.invoicePayments.list({ invoice: payment.invoiceId, status: 'paid' });
        paymentIntent = idOf(paid.data[0]?.payment.payment_intent);
      }
    }
    if (!paymentIntent)
      throw new Error(`No payment found to refund for checkout ${payment.checkoutSessionId}`);
    const refund = await this.#refundInFull(
      paymentIntent,
      { reason: 'duplicate', metadata: { checkoutSessionId: payment.checkoutSessionId } },
      key,
    );
    return { refundId: refund.id };
  }

  /**
   * A full refund of a purchase's payment, with the seller's transfer and the platform's fee
   * reversed. Only ids go in the request: the same key must always carry the same parameters
   * (Stripe refuses a key reused with others), whoever retries and with whatever reason.
   */
  async refundPayment(payment: PurchasePayment): Promise<{ refundId: string; paymentIntentId: string }> {
    let paymentIntent = payment.paymentIntentId;
    if (!paymentIntent && payment.providerSessionId) {
      try {
        const session = await this.stripe.checkout.sessions.retrieve(payment.providerSessionId);
        paymentIntent = idOf(session.payment_intent);
      } catch (err) {
        // Not a checkout of this Stripe account (made under other keys, or in the sandbox).
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing'))
          throw err;
      }
    }
    if (!paymentIntent)
      throw new PaymentNotFoundError(`No payment found for checkout ${payment.checkoutSessionId}`);
    const refund = await this.#refundInFull(
      paymentIntent,
      { metadata: { purchase_id: payment.purchaseId } },
      `purchase-refund:${payment.purchaseId}`,
    );
    return { refundId: refund.id, paymentIntentId: paymentIntent };
  }

  /**
   * Every refund gives the whole payment back as it was split: the seller's transfer is reversed
   * and the platform's fee refunded, so neither keeps a share of money the buyer got back.
   */
  #refundInFull(
    paymentIntent: string,
    details: Pick<Stripe.RefundCreateParams, 'reason' | 'metadata'>,
    idempotencyKey: string,
  ): Promise<Stripe.Refund> {
    return this.stripe.refunds.create(
      { payment_intent: paymentIntent, reverse_transfer: true, refund_application_fee: true, ...details },
      { idempotencyKey },
    );
  }

  async verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<Stripe.Event> {
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
    try {
      return this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(err.message);
      }
      // The SDK parses the body only once the signature checked out.
      if (err instanceof SyntaxError) throw new WebhookPayloadError(err.message);
      throw err;
    }
  }
}

/**
 * The end of the subscription's current term. Since API version 2025-03-31 the period lives on
 * each subscription item; older accounts (pinned to an earlier version) still answer it on the
 * subscription itself.
 */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const legacy = (subscription as { current_period_end?: number | null }).current_period_end;
  const end = subscription.items.data[0]?.current_period_end ?? legacy;
  return typeof end === 'number' ? new Date(end * 1000) : null;
}

/** An expandable field: the id itself, or the expanded object's id. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** `http://127.0.0.1:4010` -> the SDK's host/port/protocol options (tests point it at a local fake). */
function hostOptions(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { host: url.hostname, port, protocol };
}
