import { type Kysely, sql } from 'kysely';
import { recordAudit } from './audit-log.ts';
import type { DB } from './schema.ts';

/**
 * What refunds and disputes do to a purchase (migration 0024), shared by the operators' refunds
 * and the provider's webhook events, so the same refund has the same effect whichever of them
 * records it first, and only once. Each runs in the caller's transaction.
 */

/** The reason kept for a refund nobody asked for here (made in the provider's dashboard). */
export const PROVIDER_REFUND_REASON = 'Refunded at the payment provider.';

/** The audit action of a refund an operator asked for. */
export const REFUND_ACTION = 'purchase.refund';

/**
 * The purchase a provider's payment paid for, locked until the transaction ends. Purchases made
 * before migration 0024 carry no payment id; the charge's metadata (our checkout id, which the
 * payment carries from its checkout) still finds them, and the payment id is kept from then on.
 */
export async function purchaseOfPayment(
  trx: Kysely<DB>,
  payment: { paymentIntentId: string | null; checkoutSessionId: string | null },
) {
  const { paymentIntentId, checkoutSessionId } = payment;
  if (paymentIntentId) {
    const row = await trx
      .selectFrom('purchases')
      .selectAll()
      .where('provider_payment_id', '=', paymentIntentId)
      .forUpdate()
      .executeTakeFirst();
    if (row) return row;
  }
  if (!checkoutSessionId) return undefined;
  const row = await trx
    .selectFrom('purchases')
    .selectAll()
    .where('checkout_session_id', '=', checkoutSessionId)
    .where('provider_payment_id', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (row && paymentIntentId)
    await trx
      .updateTable('purchases')
      .set({ provider_payment_id: paymentIntentId })
      .where('id', '=', row.id)
      .execute();
  return row;
}

/**
 * Records that the purchase was refunded: it gives no access any more, and the seller's earnings
 * line for its payment stops counting. When an operator asked for the refund, one audit line
 * names them and their reason. False when it was recorded already: nothing changes twice.
 */
export async function settleRefund(
  trx: Kysely<DB>,
  purchaseId: string,
  providerRefundId: string | null,
): Promise<boolean> {
  // One statement: of two transactions recording the same refund, the second finds it done.
  const row = await trx
    .updateTable('purchases')
    .set({
      refunded_at: sql<Date>`now()`,
      refunded_by: sql<string | null>`refund_requested_by`,
      refund_reason: sql<string>`coalesce(refund_reason, ${PROVIDER_REFUND_REASON})`,
      provider_refund_id: sql<string | null>`coalesce(${providerRefundId}, provider_refund_id)`,
    })
    .where('id', '=', purchaseId)
    .where('refunded_at', 'is', null)
    .returning(['id', 'checkout_session_id', 'refunded_by', 'refund_reason'])
    .executeTakeFirst();
  if (!row) return false;
  await withdrawEarning(trx, row.checkout_session_id);
  if (row.refunded_by)
    await recordAudit(trx, {
      actorId: row.refunded_by,
      action: REFUND_ACTION,
      targetType: 'purchase',
      targetId: row.id,
      reason: row.refund_reason ?? '',
    });
  return true;
}

/**
 * The buyer's bank disputed the payment: access to what it bought is frozen while the dispute is
 * open, and the operators get a report on the item (in the buyer's name, as one open report per
 * person and target allows). False when this dispute was recorded already.
 */
export async function openDispute(
  trx: Kysely<DB>,
  purchase: {
    id: string;
    buyer_id: string;
    seller_id: string;
    kind: 'design' | 'collection';
    design_id: string | null;
    collection_id: string | null;
    item_name: string;
  },
  dispute: { disputeId: string; at: Date },
): Promise<boolean> {
  const updated = await trx
    .updateTable('purchases')
    .set({ dispute_status: 'open', dispute_at: dispute.at, provider_dispute_id: dispute.disputeId })
    .where('id', '=', purchase.id)
    .where((eb) =>
      eb.or([eb('provider_dispute_id', 'is', null), eb('provider_dispute_id', '!=', dispute.disputeId)]),
    )
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  const itemId = purchase.kind === 'design' ? purchase.design_id : purchase.collection_id;
  // The item may be gone (deleted since); the seller is then what the operators look at.
  const target = itemId
    ? { target_type: purchase.kind, target_id: itemId }
    : { target_type: 'user' as const, target_id: purchase.seller_id };
  await trx
    .insertInto('reports')
    .values({
      reporter_id: purchase.buyer_id,
      ...target,
      reason: 'other',
      details: `Payment dispute ${dispute.disputeId} opened on order ${purchase.id.slice(0, 9)} (${purchase.item_name}, purchase ${purchase.id}). The buyer's access to it is frozen until the dispute closes.`,
    })
    .onConflict((oc) =>
      oc.columns(['reporter_id', 'target_type', 'target_id']).where('status', '=', 'open').doNothing(),
    )
    .execute();
  return true;
}

/**
 * The dispute closed: won by the seller, the buyer's access comes back; lost, the money went back
 * to the buyer, so it is as a refund: no access, and the earnings line stops counting. False when
 * the purchase's dispute had closed already.
 */
export async function closeDispute(
  trx: Kysely<DB>,
  purchase: { id: string; checkout_session_id: string },
  dispute: { disputeId: string; outcome: 'won' | 'lost'; at: Date },
): Promise<boolean> {
  const updated = await trx
    .updateTable('purchases')
    .set({ dispute_status: dispute.outcome, dispute_at: dispute.at, provider_dispute_id: dispute.disputeId })
    .where('id', '=', purchase.id)
    .where((eb) =>
      eb.or([
        eb('dispute_status', 'is', null),
        eb('dispute_status', '=', 'open'),
        eb('provider_dispute_id', '!=', dispute.disputeId),
      ]),
    )
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  if (dispute.outcome === 'lost') await withdrawEarning(trx, purchase.checkout_session_id);
  return true;
}

/** The seller's earnings line for the checkout's payment no longer counts (once). */
async function withdrawEarning(trx: Kysely<DB>, checkoutSessionId: string) {
  await trx
    .updateTable('earnings')
    .set({ refunded_at: sql<Date>`now()` })
    .where('source', '=', `checkout:${checkoutSessionId}`)
    .where('refunded_at', 'is', null)
    .execute();
}
