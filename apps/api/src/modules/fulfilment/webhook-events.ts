/**
 * Reads a verified, Stripe-shaped payment event (from Stripe itself or from the sandbox, which
 * sends the same shape) into what fulfilment acts on. Only the fields we use are read, each
 * checked, so an event of an unexpected shape is ignored rather than half applied. A paid event
 * that does not say how much was paid, and in which currency, is refused (null): money is never
 * granted on an assumption.
 */
export type PaymentEvent = { eventId: string; type: string; at: Date } & (
  | {
      kind: 'checkout-paid';
      /** Our checkout_sessions id, from client_reference_id (or metadata). */
      checkoutSessionId: string;
      providerSessionId: string;
      /** What was paid, in the currency's smallest unit; checked against the checkout's price. */
      amountTotal: number;
      /** Lower case, as Stripe writes it ('usd'). */
      currency: string;
      /** One-time payments: the payment to refund, should it be a duplicate. */
      paymentIntentId: string | null;
      providerSubscriptionId: string | null;
      /** Subscriptions: the first invoice, whose payment a duplicate's refund gives back. */
      invoiceId: string | null;
    }
  | {
      kind: 'invoice-paid';
      invoiceId: string;
      providerSubscriptionId: string | null;
      checkoutSessionId: string | null;
      amountPaid: number;
      currency: string;
      periodEnd: Date | null;
    }
  | {
      kind: 'subscription-changed';
      providerSubscriptionId: string;
      /** renewing; canceled (runs to the period end); ended (deleted: over for good); lapsed (unpaid). */
      state: 'renewing' | 'canceled' | 'ended' | 'lapsed';
      currentPeriodEnd: Date | null;
      endedAt: Date | null;
    }
  | {
      kind: 'account-updated';
      accountId: string;
      chargesEnabled: boolean;
      payoutsEnabled: boolean;
      detailsSubmitted: boolean;
    }
  | {
      /** A payment refunded in full at the provider (ours, or made in its dashboard). */
      kind: 'charge-refunded';
      paymentIntentId: string | null;
      /** Our checkout id, from the charge's metadata: finds purchases stored without a payment id. */
      checkoutSessionId: string | null;
      refundId: string | null;
    }
  | {
      kind: 'dispute-opened' | 'dispute-closed';
      disputeId: string;
      paymentIntentId: string;
      /** Closed: lost when the money went back to the buyer; any other close leaves it with the seller. */
      outcome: 'won' | 'lost' | null;
    }
  | { kind: 'ignored' }
);

type Json = Record<string, unknown>;

export function readPaymentEvent(raw: unknown): PaymentEvent | null {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.type !== 'string') return null;
  const base = { eventId: raw.id, type: raw.type, at: fromUnix(raw.created) ?? new Date() };
  const object = isObject(raw.data) && isObject(raw.data.object) ? raw.data.object : null;
  if (!object) return { ...base, kind: 'ignored' };
  switch (raw.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutPaid(base, object);
    case 'invoice.paid':
      return invoicePaid(base, object);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(base, object, raw.type === 'customer.subscription.deleted');
    case 'account.updated':
      return typeof object.id === 'string'
        ? {
            ...base,
            kind: 'account-updated',
            accountId: object.id,
            chargesEnabled: object.charges_enabled === true,
            payoutsEnabled: object.payouts_enabled === true,
            detailsSubmitted: object.details_submitted === true,
          }
        : { ...base, kind: 'ignored' };
    case 'charge.refunded':
      return chargeRefunded(base, object);
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return disputeChanged(base, object, raw.type === 'charge.dispute.closed');
    default:
      return { ...base, kind: 'ignored' };
  }
}

/**
 * `charge.refunded` also comes for a partial refund (`refunded` stays false until the whole amount
 * is given back); we never make one, and a partial one leaves the purchase as it is.
 */
function chargeRefunded(base: Base, charge: Json): PaymentEvent {
  const paymentIntentId = idOf(charge.payment_intent);
  const checkoutSessionId = text(metadataOf(charge).checkoutSessionId);
  if (charge.refunded !== true || (!paymentIntentId && !checkoutSessionId))
    return { ...base, kind: 'ignored' };
  const refunds = isObject(charge.refunds) && Array.isArray(charge.refunds.data) ? charge.refunds.data : [];
  return {
    ...base,
    kind: 'charge-refunded',
    paymentIntentId,
    checkoutSessionId,
    refundId: idOf(refunds[0]),
  };
}

/** A dispute opened, or closed: `lost` gives the money back to the buyer; won, warning_closed, prevented leave it. */
function disputeChanged(base: Base, dispute: Json, closed: boolean): PaymentEvent {
  const paymentIntentId = idOf(dispute.payment_intent);
  if (typeof dispute.id !== 'string' || !paymentIntentId) return { ...base, kind: 'ignored' };
  return {
    ...base,
    kind: closed ? 'dispute-closed' : 'dispute-opened',
    disputeId: dispute.id,
    paymentIntentId,
    outcome: closed ? (dispute.status === 'lost' ? 'lost' : 'won') : null,
  };
}

type Base = { eventId: string; type: string; at: Date };

function checkoutPaid(base: Base, session: Json): PaymentEvent | null {
  const ours = text(session.client_reference_id) ?? text(metadataOf(session).checkoutSessionId);
  // An asynchronous payment (a bank debit) completes the session unpaid; its success comes later.
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  if (!ours || typeof session.id !== 'string' || !paid) return { ...base, kind: 'ignored' };
  const currency = text(session.currency);
  if (!isAmount(session.amount_total) || !currency) return null;
  return {
    ...base,
    kind: 'checkout-paid',
    checkoutSessionId: ours,
    providerSessionId: session.id,
    amountTotal: session.amount_total,
    currency: currency.toLowerCase(),
    paymentIntentId: idOf(session.payment_intent),
    providerSubscriptionId: idOf(session.subscription),
    invoiceId: idOf(session.invoice),
  };
}

function invoicePaid(base: Base, invoice: Json): PaymentEvent | null {
  // Since API version 2025-03-31 an invoice names its subscription under parent.subscription_details.
  const parent = isObject(invoice.parent) ? invoice.parent : {};
  const details = isObject(parent.subscription_details)
    ? parent.subscription_details
    : isObject(invoice.subscription_details)
      ? invoice.subscription_details
      : {};
  const lines = isObject(invoice.lines) && Array.isArray(invoice.lines.data) ? invoice.lines.data : [];
  const periodEnds = lines
    .map((line) => (isObject(line) && isObject(line.period) ? fromUnix(line.period.end) : null))
    .filter((d): d is Date => d !== null);
  if (typeof invoice.id !== 'string') return { ...base, kind: 'ignored' };
  const currency = text(invoice.currency);
  if (!isAmount(invoice.amount_paid) || !currency) return null;
  return {
    ...base,
    kind: 'invoice-paid',
    invoiceId: invoice.id,
    providerSubscriptionId: idOf(details.subscription) ?? idOf(invoice.subscription),
    checkoutSessionId: text(metadataOf(details).checkoutSessionId),
    amountPaid: invoice.amount_paid,
    currency: currency.toLowerCase(),
    periodEnd: periodEnds.length > 0 ? new Date(Math.max(...periodEnds.map((d) => d.getTime()))) : null,
  };
}

function subscriptionChanged(base: Base, subscription: Json, deleted: boolean): PaymentEvent {
  if (typeof subscription.id !== 'string') return { ...base, kind: 'ignored' };
  const items =
    isObject(subscription.items) && Array.isArray(subscription.items.data) ? subscription.items.data : [];
  const firstItem = isObject(items[0]) ? items[0] : {};
  const currentPeriodEnd =
    fromUnix(firstItem.current_period_end) ?? fromUnix(subscription.current_period_end);
  const status = subscription.status;
  let state: 'renewing' | 'canceled' | 'ended' | 'lapsed';
  if (deleted || status === 'canceled' || status === 'incomplete_expired') state = 'ended';
  else if (status === 'unpaid' || status === 'paused' || status === 'incomplete') state = 'lapsed';
  else if (subscription.cancel_at_period_end === true || typeof subscription.cancel_at === 'number')
    state = 'canceled';
  else state = 'renewing'; // active, trialing, past_due (the provider is still retrying the payment)
  return {
    ...base,
    kind: 'subscription-changed',
    providerSubscriptionId: subscription.id,
    state,
    currentPeriodEnd,
    endedAt: fromUnix(subscription.ended_at),
  };
}

function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** An expandable field: the id itself, or the expanded object's id. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return isObject(value) ? text(value.id) : null;
}

function metadataOf(object: Json): Json {
  return isObject(object.metadata) ? object.metadata : {};
}

function fromUnix(value: unknown): Date | null {
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null;
}
