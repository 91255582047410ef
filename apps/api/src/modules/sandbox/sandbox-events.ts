import { addTerm } from '../fulfilment/plan-term.ts';
import { digest, type SandboxRefund, sandboxId } from '../payments/sandbox-adapter.ts';

/**
 * Stripe-shaped events the sandbox sends to the webhook, with the fields webhook-events.ts reads
 * (the same ones Stripe's events carry, API version 2026-10-28).
 */
type Checkout = {
  id: string;
  provider_session_id: string;
  kind: 'design' | 'collection' | 'subscription';
  price_cents: number;
  currency: string;
  plan_type: 'monthly' | 'yearly' | null;
};

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

function event(type: string, object: Record<string, unknown>, at: Date) {
  return {
    id: sandboxId('evt_sandbox'),
    object: 'event',
    type,
    created: unix(at),
    livemode: false,
    data: { object },
  };
}

/** What paying on the sandbox's checkout page produces: the completed checkout, and for a
 * subscription its first paid invoice. */
export function paymentEvents(checkout: Checkout, at = new Date()) {
  const subscriptionId = checkout.kind === 'subscription' ? sandboxId('sub_sandbox') : null;
  const invoiceId = subscriptionId ? sandboxId('in_sandbox') : null;
  const completed = event(
    'checkout.session.completed',
    {
      id: checkout.provider_session_id,
      object: 'checkout.session',
      client_reference_id: checkout.id,
      metadata: { checkoutSessionId: checkout.id },
      mode: subscriptionId ? 'subscription' : 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: checkout.price_cents,
      currency: checkout.currency,
      payment_intent: subscriptionId ? null : sandboxId('pi_sandbox'),
      subscription: subscriptionId,
      invoice: invoiceId,
    },
    at,
  );
  if (!subscriptionId || !invoiceId) return [completed];
  const periodEnd = addTerm(at, checkout.plan_type ?? 'monthly');
  const invoicePaid = event(
    'invoice.paid',
    {
      id: invoiceId,
      object: 'invoice',
      amount_paid: checkout.price_cents,
      currency: checkout.currency,
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId, metadata: { checkoutSessionId: checkout.id } },
      },
      lines: { object: 'list', data: [{ period: { start: unix(at), end: unix(periodEnd) } }] },
    },
    at,
  );
  return [completed, invoicePaid];
}

/** What finishing the sandbox's onboarding page produces. */
export function accountReadyEvent(accountId: string, at = new Date()) {
  return event(
    'account.updated',
    {
      id: accountId,
      object: 'account',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    },
    at,
  );
}

/**
 * What Stripe sends once a payment is refunded in full: `charge.refunded`, the charge carrying its
 * payment, our checkout id (in metadata, from the payment) and the refund. The event's id comes
 * from the refund's, so reporting the same refund again is a duplicate the webhook ignores.
 */
export function refundEvent(refund: SandboxRefund, at = new Date()) {
  const refunded = event(
    'charge.refunded',
    {
      id: `ch_sandbox_${digest(refund.purchaseId)}`,
      object: 'charge',
      amount: refund.amountCents,
      amount_refunded: refund.amountCents,
      currency: refund.currency,
      paid: true,
      refunded: true,
      payment_intent: refund.paymentIntentId,
      metadata: { checkoutSessionId: refund.checkoutSessionId },
      refunds: {
        object: 'list',
        data: [
          {
            id: refund.refundId,
            object: 'refund',
            amount: refund.amountCents,
            currency: refund.currency,
            payment_intent: refund.paymentIntentId,
            status: 'succeeded',
            metadata: { purchase_id: refund.purchaseId },
          },
        ],
      },
    },
    at,
  );
  return { ...refunded, id: `evt_sandbox_${digest(refund.refundId)}` };
}
