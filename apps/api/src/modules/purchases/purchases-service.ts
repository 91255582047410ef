import { centsToDollars } from '@printmarket/shared/money';
import {
  type CancelResponse,
  type CollectionPurchaseSnapshot,
  cancelSubscriptionSchema,
  PAYMENT_MSG,
  type PurchasesResponse,
  type ResumeResponse,
  resumeSubscriptionSchema,
  type SubscriptionSummary,
} from '@printmarket/shared/payments';
import { mayManageOwnRecord, mayResumeSubscription } from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/validate.ts';
import type { PaymentsPort } from '../payments/payments-port.ts';
import type { PurchasesRepo } from './purchases-repo.ts';

type SubscriptionRow = NonNullable<Awaited<ReturnType<PurchasesRepo['subscriptionById']>>>;

/** What a person bought and subscribed to, and cancelling a subscription. */
export class PurchasesService {
  constructor(
    private readonly repo: PurchasesRepo,
    private readonly payments: PaymentsPort | null,
    /** After a cancellation: the seller's mail goes now, not at the worker's next poll. */
    private readonly wakeMail: () => void,
  ) {}

  /** GET /api/purchases/my. */
  async mine(viewer: Viewer): Promise<PurchasesResponse> {
    const [all, subscriptions, refunds] = await Promise.all([
      this.repo.purchasesOf(viewer.id),
      this.repo.subscriptionsOf(viewer.id),
      this.repo.refundsOf(viewer.id),
    ]);
    // A purchase refunded, or lost in a dispute, gives nothing any more: it is listed as a refund.
    const givenBack = (p: (typeof all)[number]) =>
      p.refunded_at ?? (p.dispute_status === 'lost' ? p.dispute_at : null);
    const purchases = all.filter((p) => givenBack(p) === null);
    const common = (p: (typeof all)[number]) => ({
      _id: p.id,
      purchaseDate: p.created_at.toISOString(),
      pricePaid: centsToDollars(p.price_cents),
      designId: p.design_id,
      name: p.item_name,
    });
    return {
      designPurchases: purchases
        .filter((p) => p.kind === 'design')
        .map((p) => ({
          ...common(p),
          path:
            p.design_owner && p.design_slug
              ? `/design/${encodeURIComponent(p.design_owner)}/${encodeURIComponent(p.design_slug)}`
              : null,
        })),
      collectionPurchases: purchases
        .filter((p) => p.kind === 'collection')
        .map((p) => ({
          ...common(p),
          collectionId: p.collection_id,
          path: p.collection_id ? `/collection/${p.collection_id}` : null,
        })),
      subscriptions: subscriptions.map(toSummary),
      refunds: [
        ...refunds.map((r) => ({
          _id: r.id,
          kind: r.kind,
          name: r.item_name,
          amount: centsToDollars(r.price_cents),
          reason: r.reason,
          refundDate: r.created_at.toISOString(),
        })),
        ...all.flatMap((p) => {
          const at = givenBack(p);
          return at
            ? [
                {
                  _id: p.id,
                  kind: p.kind,
                  name: p.item_name,
                  amount: centsToDollars(p.price_cents),
                  reason: 'refunded' as const,
                  refundDate: at.toISOString(),
                },
              ]
            : [];
        }),
      ],
    };
  }

  /** GET /api/purchases/my-collection-purchase?collectionId=. */
  async collectionPurchase(viewer: Viewer, collectionId: unknown): Promise<CollectionPurchaseSnapshot> {
    if (!isUuid(collectionId)) return { purchased: false, designIds: [] };
    return this.repo.collectionSnapshot(viewer.id, collectionId);
  }

  /**
   * POST /api/purchases/cancel: renewal stops at the provider first, then here; access runs to
   * the end of the paid term. Cancelling again answers the subscription as it stands.
   */
  async cancel(viewer: Viewer, body: unknown): Promise<CancelResponse> {
    const { subscriptionId } = parseInput(cancelSubscriptionSchema, body);
    const row = isUuid(subscriptionId) ? await this.repo.subscriptionById(subscriptionId) : undefined;
    // Someone else's subscription is answered like a missing one.
    if (!row || !mayManageOwnRecord(viewer, { holderId: row.subscriber_id }))
      throw notFound('Subscription not found.', 'SUBSCRIPTION_NOT_FOUND');
    if (row.status === 'ended') throw conflict('This subscription has already ended.', 'SUBSCRIPTION_ENDED');
    if (row.status === 'active') {
      if (!this.payments) throw new AppError(503, 'PAYMENTS_OFF', PAYMENT_MSG.cancelFailed);
      const payments = this.payments;
      let periodEnd: Date | null;
      try {
        ({ currentPeriodEnd: periodEnd } = await payments.cancelSubscriptionAtPeriodEnd(
          row.provider_subscription_id,
        ));
      } catch (err) {
        throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', PAYMENT_MSG.cancelFailed, { cause: err });
      }
      if (await this.repo.markCanceled(row.id, periodEnd)) this.wakeMail();
    }
    const now = await this.repo.subscriptionById(row.id);
    return { subscription: toSummary(now ?? row), message: PAYMENT_MSG.cancelSuccess };
  }

  /**
   * POST /api/purchases/resume: a canceled subscription that still runs renews again, at the
   * provider first, then here. Nothing is charged now; the next renewal is at the term's end.
   */
  async resume(viewer: Viewer, body: unknown): Promise<ResumeResponse> {
    const { subscriptionId } = parseInput(resumeSubscriptionSchema, body);
    const row = isUuid(subscriptionId) ? await this.repo.subscriptionById(subscriptionId) : undefined;
    const decision = row
      ? mayResumeSubscription(
          viewer,
          { holderId: row.subscriber_id, status: row.status, endDate: row.end_date },
          new Date(),
        )
      : ({ allowed: false, reason: 'not-found' } as const);
    if (!row || (!decision.allowed && decision.reason === 'not-found'))
      throw notFound('Subscription not found.', 'SUBSCRIPTION_NOT_FOUND');
    if (!decision.allowed) throw conflict(PAYMENT_MSG.notResumable, 'SUBSCRIPTION_NOT_RESUMABLE');
    if (!this.payments) throw new AppError(503, 'PAYMENTS_OFF', PAYMENT_MSG.resumeFailed);
    let periodEnd: Date | null;
    try {
      ({ currentPeriodEnd: periodEnd } = await this.payments.resumeSubscription(
        row.provider_subscription_id,
      ));
    } catch (err) {
      throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', PAYMENT_MSG.resumeFailed, { cause: err });
    }
    // It ran out between the check and now: the provider's renewal decides from here on.
    if (!(await this.repo.markResumed(row.id, periodEnd)))
      throw conflict(PAYMENT_MSG.notResumable, 'SUBSCRIPTION_NOT_RESUMABLE');
    const now = await this.repo.subscriptionById(row.id);
    return { subscription: toSummary(now ?? row), message: PAYMENT_MSG.resumeSuccess };
  }
}

function toSummary(row: SubscriptionRow): SubscriptionSummary {
  return {
    _id: row.id,
    collectionId: row.collection_id,
    collectionName: row.collection_name,
    planName: row.plan_name,
    startDate: row.start_date.toISOString(),
    endDate: row.end_date.toISOString(),
    active: row.status === 'active',
    status: row.status,
    planType: row.plan_type,
    price: centsToDollars(row.price_cents),
  };
}
