import { feeSplit } from '@printmarket/shared/money';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { lockBuyerItem } from '../../db/buyer-item-lock.ts';
import type { Database } from '../../db/database.ts';
import { collectionHolding, designHolding } from '../../db/entitlements.ts';
import { closeDispute, openDispute, purchaseOfPayment, settleRefund } from '../../db/purchase-refunds.ts';
import type { CheckoutSessionsTable, DB } from '../../db/schema.ts';
import { type PaidSaleFacts, paysForHeldItem } from '../../lib/access-policy.ts';
import { isUuid } from '../../lib/ids.ts';
import type { NotificationJobs } from '../../lib/notification-jobs.ts';
import type { PaymentsPort } from '../payments/payments-port.ts';
import { addTerm } from './plan-term.ts';
import type { PaymentEvent } from './webhook-events.ts';

/** 'refunded': paid for something the buyer already held; given back instead of granted twice. */
export type FulfilmentResult = 'applied' | 'refunded' | 'duplicate' | 'ignored';

/** A paid event whose amount or currency is not the checkout's: refused, nothing recorded. */
export class PaymentMismatchError extends Error {
  override name = 'PaymentMismatchError';
}

type CheckoutRow = Selectable<CheckoutSessionsTable>;
type CheckoutPaid = Extract<PaymentEvent, { kind: 'checkout-paid' }>;

type Trx = Transaction<DB>;
type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Applies verified payment events. Each event is applied once: its id is stored in the same
 * transaction as its effect, so a repeated or concurrent delivery finds it and changes nothing.
 * Prices and fee splits come from our rows, never from the event or the client.
 *
 * A payment for something the buyer already holds (two checkouts of one item both paid) grants
 * nothing twice: it is refunded through the provider inside the same transaction. The refund is
 * idempotent per checkout, so when the transaction does not commit, the provider's redelivery asks
 * for the same refund again and gets the first one back.
 *
 * The mails an event causes (sale, receipt, subscriber news) are queued in the same transaction,
 * and only when the event changed something: each goes once, and only for what happened.
 */
export class Fulfilment {
  constructor(
    private readonly db: Database,
    private readonly payments: PaymentsPort,
    private readonly notifications: Pick<NotificationJobs, 'queue' | 'wake'>,
    private readonly log: Logger,
  ) {}

  async apply(event: PaymentEvent): Promise<FulfilmentResult> {
    const result = await this.#applyOnce(event);
    if (result === 'applied') this.notifications.wake();
    return result;
  }

  #applyOnce(event: PaymentEvent): Promise<FulfilmentResult> {
    return this.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('payment_events')
        .values({ id: event.eventId, type: event.type })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!fresh) return 'duplicate';
      switch (event.kind) {
        case 'checkout-paid':
          return this.#checkoutPaid(trx, event);
        case 'invoice-paid':
          return this.#invoicePaid(trx, event);
        case 'subscription-changed':
          return this.#subscriptionChanged(trx, event);
        case 'account-updated':
          return this.#accountUpdated(trx, event);
        case 'charge-refunded':
          return this.#chargeRefunded(trx, event);
        case 'dispute-opened':
        case 'dispute-closed':
          return this.#disputeChanged(trx, event);
        default:
          return 'ignored';
      }
    });
  }

  async #checkoutPaid(trx: Trx, event: CheckoutPaid) {
    const session = isUuid(event.checkoutSessionId)
      ? await trx
          .selectFrom('checkout_sessions')
          .selectAll()
          .where('id', '=', event.checkoutSessionId)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    if (!session || session.provider_session_id !== event.providerSessionId) {
      this.log.warn({ eventId: event.eventId }, 'payment event for a checkout we did not open');
      return 'ignored';
    }
    if (event.amountTotal !== session.price_cents || event.currency !== session.currency) {
      // Never grant on a payment that differs from our price; this needs a person to look at it.
      this.log.error(
        {
          eventId: event.eventId,
          checkoutSessionId: session.id,
          paid: event.amountTotal,
          currency: event.currency,
          price: session.price_cents,
        },
        'paid amount differs from the checkout price; not fulfilled',
      );
      throw new PaymentMismatchError('The paid amount or currency is not the checkout price.');
    }
    // Fulfilled (or refunded) already, through another event about the same payment.
    if (session.status === 'complete') return 'ignored';
    if (session.kind === 'subscription' && !event.providerSubscriptionId) return 'ignored';
    const itemId = session.design_id ?? session.collection_id;
    if (itemId) {
      // Two payments for one item applied at once would each find the other not yet held.
      await lockBuyerItem(trx, 'fulfil', { buyerId: session.buyer_id, kind: session.kind, itemId });
      if (paysForHeldItem(await saleFacts(trx, session, itemId)))
        return this.#refundDuplicate(trx, session, event);
    }
    if (session.kind === 'subscription') {
      if (!event.providerSubscriptionId) return 'ignored';
      const subscription = await trx
        .insertInto('subscriptions')
        .values({
          provider_subscription_id: event.providerSubscriptionId,
          checkout_session_id: session.id,
          subscriber_id: session.buyer_id,
          seller_id: session.seller_id,
          plan_id: session.plan_id,
          collection_id: session.collection_id,
          // The collection's name now, kept for the buyer's records whatever later happens to it.
          collection_name: sql<string>`coalesce((select name from collections where id = ${session.collection_id}), ${session.item_name})`,
          plan_name: session.item_name,
          plan_type: session.plan_type ?? 'monthly',
          price_cents: session.price_cents,
          status: 'active',
          start_date: event.at,
          // Until the provider's own period arrives (invoice.paid, subscription updates).
          end_date: addTerm(event.at, session.plan_type ?? 'monthly'),
          provider_updated_at: event.at,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (subscription)
        await this.notifications.queue(trx, { kind: 'newSubscriber', subscriptionId: subscription.id });
    } else {
      const purchase = await trx
        .insertInto('purchases')
        // Not a subscription here, so the kind is one a purchase can have.
        // The provider's payment: refunds are asked for on it, refund and dispute events name it.
        .values({ ...saleOf(session), kind: session.kind, provider_payment_id: event.paymentIntentId })
        .onConflict((oc) => oc.column('checkout_session_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (purchase && session.kind === 'collection' && session.collection_id) {
        // The snapshot: these designs stay the buyer's whatever later happens to the collection.
        await trx
          .insertInto('purchase_designs')
          .columns(['purchase_id', 'design_id'])
          .expression((eb) =>
            eb
              .selectFrom('designs')
              .select([sql.lit(purchase.id).as('purchase_id'), 'designs.id as design_id'])
              .where('designs.collection_id', '=', session.collection_id),
          )
          .execute();
      }
      await recordEarning(trx, session.seller_id, `checkout:${session.id}`, session.price_cents);
      if (purchase) {
        await this.notifications.queue(trx, { kind: 'sale', purchaseId: purchase.id });
        await this.notifications.queue(trx, { kind: 'purchaseReceipt', purchaseId: purchase.id });
      }
    }
    await completeCheckout(trx, session.id);
    return 'applied';
  }

  /** Gives the payment back and keeps a record of it for both sides; grants nothing. */
  async #refundDuplicate(trx: Trx, session: CheckoutRow, event: CheckoutPaid) {
    const { refundId } = await this.payments.refundDuplicate({
      checkoutSessionId: session.id,
      paymentIntentId: event.paymentIntentId,
      providerSubscriptionId: session.kind === 'subscription' ? event.providerSubscriptionId : null,
      invoiceId: event.invoiceId,
    });
    await trx
      .insertInto('payment_refunds')
      .values({
        ...saleOf(session),
        reason: 'duplicate',
        provider_refund_id: refundId,
      })
      .onConflict((oc) => oc.column('checkout_session_id').doNothing())
      .execute();
    // A duplicate subscription's first invoice may have been counted before this event arrived.
    if (event.invoiceId)
      await trx
        .updateTable('earnings')
        .set({ refunded_at: sql`now()` })
        .where('source', '=', `invoice:${event.invoiceId}`)
        .where('refunded_at', 'is', null)
        .execute();
    await completeCheckout(trx, session.id);
    this.log.warn(
      { eventId: event.eventId, checkoutSessionId: session.id, refundId },
      'payment for an item the buyer already holds; refunded',
    );
    return 'refunded' as const;
  }

  async #invoicePaid(trx: Trx, event: Extract<PaymentEvent, { kind: 'invoice-paid' }>) {
    const subscription = event.providerSubscriptionId
      ? await trx
          .selectFrom('subscriptions')
          .select(['id', 'seller_id', 'status', 'checkout_session_id'])
          .where('provider_subscription_id', '=', event.providerSubscriptionId)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    // The first invoice can arrive before the checkout's own event: the session names the seller.
    const sellerId =
      subscription?.seller_id ??
      (event.checkoutSessionId && isUuid(event.checkoutSessionId)
        ? (
            await trx
              .selectFrom('checkout_sessions')
              .select('seller_id')
              .where('id', '=', event.checkoutSessionId)
              .where('kind', '=', 'subscription')
              .executeTakeFirst()
          )?.seller_id
        : undefined);
    if (!sellerId) {
      this.log.warn({ eventId: event.eventId }, 'paid invoice of a subscription we do not know');
      return 'ignored';
    }
    // The first invoice of a subscription refunded as a duplicate is on record, but not earned.
    const refunded =
      !subscription && event.checkoutSessionId && isUuid(event.checkoutSessionId)
        ? await trx
            .selectFrom('payment_refunds')
            .select('id')
            .where('checkout_session_id', '=', event.checkoutSessionId)
            .executeTakeFirst()
        : undefined;
    const recorded =
      event.amountPaid > 0 &&
      (await recordEarning(
        trx,
        sellerId,
        `invoice:${event.invoiceId}`,
        event.amountPaid,
        refunded !== undefined,
      ));
    const checkoutSessionId = subscription?.checkout_session_id ?? event.checkoutSessionId;
    if (recorded && !refunded && checkoutSessionId)
      await this.notifications.queue(trx, {
        kind: 'subscriptionReceipt',
        invoiceId: event.invoiceId,
        checkoutSessionId,
      });
    if (subscription && subscription.status !== 'ended' && event.periodEnd) {
      // A renewal moves the end forward; an old invoice arriving late never moves it back.
      await trx
        .updateTable('subscriptions')
        .set({ end_date: sql<Date>`greatest(end_date, ${event.periodEnd})` })
        .where('id', '=', subscription.id)
        .execute();
    }
    return 'applied';
  }

  async #subscriptionChanged(trx: Trx, event: Extract<PaymentEvent, { kind: 'subscription-changed' }>) {
    const row = await trx
      .selectFrom('subscriptions')
      .select(['id', 'status', 'end_date', 'provider_updated_at'])
      .where('provider_subscription_id', '=', event.providerSubscriptionId)
      .forUpdate()
      .executeTakeFirst();
    // Ended is final; an older description than the one applied is stale.
    if (!row || row.status === 'ended' || event.at < row.provider_updated_at) return 'ignored';
    const periodEnd = event.currentPeriodEnd ?? row.end_date;
    const earlier = (a: Date, b: Date) => (a < b ? a : b);
    const changes = {
      // Resumed: a later cancellation is told again, and its ending too.
      renewing: {
        status: 'active' as const,
        end_date: periodEnd,
        canceled_at: null,
        ending_notice_at: null,
      },
      canceled: { status: 'canceled' as const, end_date: periodEnd, canceled_at: event.at },
      lapsed: {
        status: 'canceled' as const,
        end_date: earlier(row.end_date, event.at),
        canceled_at: event.at,
      },
      ended: { status: 'ended' as const, end_date: earlier(row.end_date, event.endedAt ?? event.at) },
    }[event.state];
    await trx
      .updateTable('subscriptions')
      .set({ ...changes, provider_updated_at: event.at })
      .where('id', '=', row.id)
      .execute();
    if (row.status === 'active' && changes.status !== 'active')
      await this.notifications.queue(trx, { kind: 'subscriberCancelled', subscriptionId: row.id });
    return 'applied';
  }

  /**
   * A purchase's payment refunded at the provider: through an operator's refund (which may have
   * recorded it already) or in the provider's dashboard. The same effect, once.
   */
  async #chargeRefunded(trx: Trx, event: Extract<PaymentEvent, { kind: 'charge-refunded' }>) {
    const purchase = await purchaseOfPayment(trx, {
      paymentIntentId: event.paymentIntentId,
      checkoutSessionId:
        event.checkoutSessionId && isUuid(event.checkoutSessionId) ? event.checkoutSessionId : null,
    });
    // Not a purchase (a refunded duplicate, a subscription's invoice): nothing of ours to undo.
    if (!purchase) return 'ignored';
    return (await settleRefund(trx, purchase.id, event.refundId)) ? 'applied' : 'ignored';
  }

  async #disputeChanged(
    trx: Trx,
    event: Extract<PaymentEvent, { kind: 'dispute-opened' | 'dispute-closed' }>,
  ) {
    const purchase = await purchaseOfPayment(trx, {
      paymentIntentId: event.paymentIntentId,
      checkoutSessionId: null,
    });
    if (!purchase) {
      this.log.warn({ eventId: event.eventId }, 'dispute of a payment that bought no purchase of ours');
      return 'ignored';
    }
    const changed =
      event.kind === 'dispute-opened'
        ? await openDispute(trx, purchase, { disputeId: event.disputeId, at: event.at })
        : await closeDispute(trx, purchase, {
            disputeId: event.disputeId,
            outcome: event.outcome ?? 'won',
            at: event.at,
          });
    if (changed && event.kind === 'dispute-opened')
      this.log.warn({ eventId: event.eventId, purchaseId: purchase.id }, 'payment disputed; access frozen');
    return changed ? 'applied' : 'ignored';
  }

  async #accountUpdated(trx: Trx, event: Extract<PaymentEvent, { kind: 'account-updated' }>) {
    const updated = await trx
      .updateTable('seller_accounts')
      .set({
        charges_enabled: event.chargesEnabled,
        payouts_enabled: event.payoutsEnabled,
        details_submitted: event.detailsSubmitted,
        updated_at: new Date(),
      })
      .where('provider_account_id', '=', event.accountId)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n ? 'applied' : 'ignored';
  }
}

/**
 * One line of the ledger per sale or invoice (`source` is unique), split in whole cents. True when
 * the line is new.
 */
async function recordEarning(
  db: Kysely<DB>,
  sellerId: string,
  source: string,
  priceCents: number,
  refunded = false,
): Promise<boolean> {
  const split = feeSplit(priceCents);
  const row = await db
    .insertInto('earnings')
    .values({
      seller_id: sellerId,
      source,
      price_cents: split.priceCents,
      platform_fee_cents: split.platformCents,
      provider_fee_cents: split.providerCents,
      creator_cents: split.creatorCents,
      refunded_at: refunded ? sql<Date>`now()` : null,
    })
    .onConflict((oc) => oc.column('source').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

async function completeCheckout(trx: Trx, id: string) {
  await trx.updateTable('checkout_sessions').set({ status: 'complete' }).where('id', '=', id).execute();
}

/** What was sold, to whom and for how much: the same on a purchase and on its refund. */
function saleOf(session: CheckoutRow) {
  return {
    checkout_session_id: session.id,
    buyer_id: session.buyer_id,
    seller_id: session.seller_id,
    kind: session.kind,
    design_id: session.design_id,
    collection_id: session.collection_id,
    item_name: session.item_name,
    price_cents: session.price_cents,
  };
}

/** What the buyer holds, now, of what the checkout sold (for the access policy to judge). */
async function saleFacts(trx: Trx, session: CheckoutRow, itemId: string): Promise<PaidSaleFacts> {
  if (session.kind === 'design') {
    const design = await trx
      .selectFrom('designs')
      .select('collection_id')
      .where('id', '=', itemId)
      .executeTakeFirst();
    const held = await designHolding(trx, session.buyer_id, {
      id: itemId,
      collectionId: design?.collection_id ?? null,
    });
    return { kind: 'design', ...held };
  }
  return { kind: session.kind, holding: await collectionHolding(trx, session.buyer_id, itemId) };
}
