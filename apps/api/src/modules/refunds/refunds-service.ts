import {
  type AdminPurchase,
  type AdminPurchaseResponse,
  type AdminPurchasesResponse,
  adminPurchasesQuerySchema,
  operatorReasonSchema,
  type RefundBuyersResponse,
} from '@printmarket/shared/admin';
import type { Viewer } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/validate.ts';
import { PaymentNotFoundError, type PaymentsPort } from '../payments/payments-port.ts';
import type { RefundsRepo } from './refunds-repo.ts';

export const REFUND_MSG = {
  notFound: 'Purchase not found.',
  alreadyRefunded: 'This purchase was already refunded.',
  inProgress: 'A refund of this purchase is under way.',
  disputed: "This payment is disputed: the buyer's bank decides whether it goes back.",
  noPayment: "The payment provider has no payment for this purchase; refund it in the provider's dashboard.",
  paymentsOff: 'Payments are switched off here, so nothing can be refunded.',
  designNotFound: 'Design not found.',
} as const;

/**
 * How long a refund claim keeps others from asking the provider again. Longer than the provider
 * call may take (Stripe: 15 s a try, two retries); a claim older than this is one whose request
 * never finished (a crash after claiming), which a new request takes over.
 */
const CLAIM_SECONDS = 120;
const SEARCH_LIMIT = 50;

type PurchaseRow = NonNullable<Awaited<ReturnType<RefundsRepo['purchase']>>>;

/**
 * The operators' refunds (docs/api.md). A refund is claimed on the purchase first (so only one
 * request asks the provider), then asked of the provider with an idempotency key made from the
 * purchase's id (asking again never refunds twice), then recorded. No database lock is held while
 * the provider answers. Should a request die between the provider's refund and our record, the
 * provider's `charge.refunded` event records it, and a retry (once the claim runs out) asks the
 * provider again under the same key, gets the same refund back and records it.
 */
export class RefundsService {
  constructor(
    private readonly repo: RefundsRepo,
    private readonly payments: PaymentsPort | null,
  ) {}

  async search(query: unknown): Promise<AdminPurchasesResponse> {
    const { q } = parseInput(adminPurchasesQuerySchema, query);
    const rows = await this.repo.search(q, SEARCH_LIMIT);
    return { purchases: rows.map(toAdminPurchase) };
  }

  async refund(operator: Viewer, purchaseId: string, body: unknown): Promise<AdminPurchaseResponse> {
    const { reason } = parseInput(operatorReasonSchema, body);
    if (!isUuid(purchaseId)) throw notFound(REFUND_MSG.notFound, 'PURCHASE_NOT_FOUND');
    const outcome = await this.#refundOne(operator.id, purchaseId, reason);
    switch (outcome) {
      case 'missing':
        throw notFound(REFUND_MSG.notFound, 'PURCHASE_NOT_FOUND');
      case 'refunded':
        throw conflict(REFUND_MSG.alreadyRefunded, 'ALREADY_REFUNDED');
      case 'in-progress':
        throw conflict(REFUND_MSG.inProgress, 'REFUND_IN_PROGRESS');
      case 'disputed':
        throw conflict(REFUND_MSG.disputed, 'PURCHASE_DISPUTED');
    }
    const row = await this.repo.purchase(purchaseId);
    if (!row) throw notFound(REFUND_MSG.notFound, 'PURCHASE_NOT_FOUND');
    return { purchase: toAdminPurchase(row) };
  }

  /**
   * Refunds every purchase of the design bought on its own that is not refunded yet, each as its
   * own refund with its own audit line; those disputed or being refunded already are left.
   */
  async refundBuyers(operator: Viewer, designId: string, body: unknown): Promise<RefundBuyersResponse> {
    const { reason } = parseInput(operatorReasonSchema, body);
    if (!isUuid(designId) || !(await this.repo.designExists(designId)))
      throw notFound(REFUND_MSG.designNotFound, 'DESIGN_NOT_FOUND');
    let refunded = 0;
    for (const purchaseId of await this.repo.unrefundedDesignPurchases(designId))
      if ((await this.#refundOne(operator.id, purchaseId, reason)) === 'done') refunded++;
    return { refunded };
  }

  async #refundOne(
    operatorId: string,
    purchaseId: string,
    reason: string,
  ): Promise<'done' | 'missing' | 'refunded' | 'in-progress' | 'disputed'> {
    const payments = this.payments;
    if (!payments) throw new AppError(503, 'PAYMENTS_OFF', REFUND_MSG.paymentsOff);
    const claim = await this.repo.claimRefund(purchaseId, operatorId, reason, CLAIM_SECONDS);
    if (claim.outcome !== 'claimed') return claim.outcome;
    const { purchase } = claim;
    let refund: { refundId: string; paymentIntentId: string | null };
    try {
      refund = await payments.refundPayment({
        purchaseId,
        checkoutSessionId: purchase.checkout_session_id,
        providerSessionId: purchase.provider_session_id,
        paymentIntentId: purchase.provider_payment_id,
        amountCents: purchase.price_cents,
        currency: purchase.currency,
      });
    } catch (err) {
      // Nothing is recorded; the same key makes a retry safe even when the provider did refund.
      await this.repo.releaseClaim(purchaseId, claim.claimedAt);
      if (err instanceof PaymentNotFoundError) throw conflict(REFUND_MSG.noPayment, 'NO_PROVIDER_PAYMENT');
      throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'The payment provider could not be reached.', {
        cause: err,
      });
    }
    await this.repo.completeRefund(purchaseId, refund);
    return 'done';
  }
}

function toAdminPurchase(row: PurchaseRow): AdminPurchase {
  return {
    id: row.id,
    orderNumber: row.id.slice(0, 9),
    createdAt: row.created_at.toISOString(),
    kind: row.kind,
    itemName: row.item_name,
    priceCents: row.price_cents,
    currency: row.currency,
    buyer: { id: row.buyer_id, username: row.buyer_username },
    seller: { id: row.seller_id, username: row.seller_username },
    refund: row.refunded_at ? { at: row.refunded_at.toISOString(), reason: row.refund_reason ?? '' } : null,
    dispute:
      row.dispute_status && row.dispute_at
        ? { at: row.dispute_at.toISOString(), status: row.dispute_status }
        : null,
  };
}
