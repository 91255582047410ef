import type { PaymentMode, PlanType } from '@printmarket/shared/payments';

/**
 * What the marketplace needs of a card payment provider. Two adapters implement it: Stripe
 * (stripe-adapter.ts, when STRIPE_SECRET_KEY is set) and the local test-mode sandbox
 * (sandbox-adapter.ts). Both report payments the same way: Stripe-shaped events, signed with
 * Stripe's scheme, posted to POST /api/payments/webhook, where webhook-events.ts reads them.
 */
export interface PaymentsPort {
  readonly mode: PaymentMode;

  /**
   * Opens the provider's hosted checkout for what `order` describes; answers where to send the
   * buyer, and until when that page takes payment (null: no expiry).
   */
  createCheckout(
    order: CheckoutOrder,
  ): Promise<{ providerSessionId: string; url: string; expiresAt: Date | null }>;

  /** A connected (payout) account for a seller. */
  createConnectedAccount(seller: { userId: string; email: string }): Promise<{ accountId: string }>;
  /** Where the seller completes (or resumes) onboarding of their connected account. */
  onboardingLink(
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string }>;
  /** Where an onboarded seller manages their account (payouts, bank details). */
  accountDashboardLink(accountId: string): Promise<{ url: string }>;

  /** The provider's customer for a buyer, made on first need. */
  createCustomer(buyer: { userId: string; email: string; name: string }): Promise<{ customerId: string }>;
  /** The provider's customer portal (payment methods, invoices); null when the provider has none. */
  billingPortalLink(customerId: string, returnUrl: string): Promise<{ url: string } | null>;

  /**
   * Stops renewal at the end of the paid term. Answers the end of the current term when the
   * provider says it (the sandbox keeps no terms of its own and answers null).
   */
  cancelSubscriptionAtPeriodEnd(providerSubscriptionId: string): Promise<{ currentPeriodEnd: Date | null }>;

  /** Undoes that: the subscription renews again. Answers the current term's end as for cancelling. */
  resumeSubscription(providerSubscriptionId: string): Promise<{ currentPeriodEnd: Date | null }>;

  /**
   * Gives back in full a payment for something the buyer already held, the seller's share and the
   * platform's fee included; a duplicate subscription is ended at once. Idempotent per checkout:
   * asking again for the same checkout answers the same refund.
   */
  refundDuplicate(payment: DuplicatePayment): Promise<{ refundId: string }>;

  /**
   * Gives back in full the payment of a purchase an operator refunds, the seller's transfer and the
   * platform's fee reversed with it. Idempotent per purchase (the provider's idempotency key is
   * made from its id): asking again answers the same refund and moves no more money. The provider
   * then reports it as `charge.refunded`, like a refund made in its dashboard. Throws
   * PaymentNotFoundError when the provider knows no payment for the purchase's checkout.
   */
  refundPayment(payment: PurchasePayment): Promise<{ refundId: string; paymentIntentId: string | null }>;

  /**
   * Checks the signature of a webhook delivery on its raw bytes (300 s tolerance) and answers the
   * parsed event; throws WebhookSignatureError when the signature is missing, wrong or stale.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<unknown>;
}

/** Everything a checkout needs, fixed by the server from its own rows. */
export type CheckoutOrder = {
  /** Our checkout_sessions id: it comes back in the payment event (client_reference_id, metadata). */
  checkoutSessionId: string;
  kind: 'design' | 'collection' | 'subscription';
  itemName: string;
  /** One-time price, or the plan's price per period for a subscription. */
  priceCents: number;
  currency: string;
  planType: PlanType | null;
  /** One-time sales: the platform's fee in cents (15 % of the price). */
  applicationFeeCents: number;
  /** Subscriptions: the platform's fee in percent of each invoice. */
  applicationFeePercent: number;
  /** The seller's connected account, where the rest of the money goes. */
  sellerAccountId: string;
  customerId: string | null;
  buyerEmail: string;
  successUrl: string;
  cancelUrl: string;
};

/** A paid checkout to refund, as its paid event named it. */
export type DuplicatePayment = {
  /** Our checkout_sessions id: the refund's idempotency key is made from it. */
  checkoutSessionId: string;
  /** One-time payments: the provider's payment. */
  paymentIntentId: string | null;
  /** Subscriptions: the subscription the checkout made, and its first invoice. */
  providerSubscriptionId: string | null;
  invoiceId: string | null;
};

/** A purchase to refund. */
export type PurchasePayment = {
  /** Our purchases id: the refund's idempotency key is made from it. */
  purchaseId: string;
  /** Our checkout id; the provider's payment carries it in its metadata. */
  checkoutSessionId: string;
  /** The provider's checkout; asked for its payment when the purchase has no payment id stored. */
  providerSessionId: string | null;
  /** The provider's payment (Stripe: PaymentIntent); null for purchases stored before it was kept. */
  paymentIntentId: string | null;
  /** What was paid, all of which goes back. */
  amountCents: number;
  currency: string;
};

/** The provider has no payment for the checkout (it was never paid there, or is not its own). */
export class PaymentNotFoundError extends Error {
  override name = 'PaymentNotFoundError';
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** A correctly signed delivery whose body is not a JSON event. */
export class WebhookPayloadError extends Error {
  override name = 'WebhookPayloadError';
}
