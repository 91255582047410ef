import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { settleRefund } from '../../db/purchase-refunds.ts';

/** What a refund claim found: the purchase claimed for this refund, or why it was not. */
export type RefundClaim =
  | { outcome: 'claimed'; claimedAt: Date; purchase: ClaimedPurchase }
  | { outcome: 'missing' | 'refunded' | 'disputed' | 'in-progress' };

export type ClaimedPurchase = {
  id: string;
  checkout_session_id: string;
  provider_payment_id: string | null;
  provider_session_id: string | null;
  price_cents: number;
  currency: string;
};

/** `%` and `_` (and the escape itself) taken literally in a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL of the operators' refunds: finding purchases, claiming and recording refunds. */
export class RefundsRepo {
  constructor(private readonly db: Database) {}

  #purchases() {
    return this.db
      .selectFrom('purchases as p')
      .innerJoin('users as buyer', 'buyer.id', 'p.buyer_id')
      .innerJoin('users as seller', 'seller.id', 'p.seller_id')
      .innerJoin('checkout_sessions as cs', 'cs.id', 'p.checkout_session_id')
      .select([
        'p.id',
        'p.created_at',
        'p.kind',
        'p.item_name',
        'p.price_cents',
        'cs.currency',
        'buyer.id as buyer_id',
        'buyer.username as buyer_username',
        'seller.id as seller_id',
        'seller.username as seller_username',
        'p.refunded_at',
        'p.refund_reason',
        'p.dispute_status',
        'p.dispute_at',
      ]);
  }

  /**
   * Purchases whose id starts with `q` (an order number is its first 9 characters), or whose buyer
   * or seller has `q` in their username or address, any case; newest first.
   */
  search(q: string, limit: number) {
    const lowered = q.toLowerCase();
    const within = `%${literal(lowered)}%`;
    return this.#purchases()
      .where((eb) =>
        eb.or([
          eb(sql<string>`p.id::text`, 'like', `${literal(lowered)}%`),
          eb(eb.fn('lower', ['buyer.username']), 'like', within),
          eb(eb.fn('lower', ['buyer.email']), 'like', within),
          eb(eb.fn('lower', ['seller.username']), 'like', within),
          eb(eb.fn('lower', ['seller.email']), 'like', within),
        ]),
      )
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
  }

  purchase(id: string) {
    return this.#purchases().where('p.id', '=', id).executeTakeFirst();
  }

  /**
   * Claims the purchase for a refund by `operatorId`, unless it is refunded, disputed, or claimed
   * by a refund still under way (one claimed within `leaseSeconds`; an older claim is one whose
   * request never finished, and is taken over). One statement: of simultaneous claims, exactly
   * one updates the row; the others find it claimed.
   */
  async claimRefund(
    id: string,
    operatorId: string,
    reason: string,
    leaseSeconds: number,
  ): Promise<RefundClaim> {
    const claimed = await this.db
      .updateTable('purchases as p')
      .from('checkout_sessions as cs')
      .set({
        // To the millisecond, as a JS Date holds it: releasing the claim compares it exactly.
        refund_requested_at: sql<Date>`date_trunc('milliseconds', now())`,
        refund_requested_by: operatorId,
        refund_reason: reason,
      })
      .whereRef('cs.id', '=', 'p.checkout_session_id')
      .where('p.id', '=', id)
      .where('p.refunded_at', 'is', null)
      .where((eb) => eb.or([eb('p.dispute_status', 'is', null), eb('p.dispute_status', '=', 'won')]))
      .where((eb) =>
        eb.or([
          eb('p.refund_requested_at', 'is', null),
          eb('p.refund_requested_at', '<', sql<Date>`now() - ${leaseSeconds}::integer * interval '1 second'`),
        ]),
      )
      .returning([
        'p.id',
        'p.refund_requested_at',
        'p.checkout_session_id',
        'p.provider_payment_id',
        'p.price_cents',
        'cs.provider_session_id',
        'cs.currency',
      ])
      .executeTakeFirst();
    if (claimed?.refund_requested_at) {
      const { refund_requested_at: claimedAt, ...purchase } = claimed;
      return { outcome: 'claimed', claimedAt, purchase };
    }
    const row = await this.db
      .selectFrom('purchases')
      .select(['refunded_at', 'dispute_status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return { outcome: 'missing' };
    if (row.refunded_at) return { outcome: 'refunded' };
    if (row.dispute_status === 'open' || row.dispute_status === 'lost') return { outcome: 'disputed' };
    return { outcome: 'in-progress' };
  }

  /** The provider refused or failed: the claim is let go (if still ours), so it can be asked again. */
  async releaseClaim(id: string, claimedAt: Date): Promise<void> {
    await this.db
      .updateTable('purchases')
      .set({ refund_requested_at: null })
      .where('id', '=', id)
      .where('refunded_at', 'is', null)
      .where('refund_requested_at', '=', claimedAt)
      .execute();
  }

  /**
   * The provider made the refund: it takes effect, unless its `charge.refunded` event recorded it
   * first (the sandbox reports it before answering). The payment id the provider found for a
   * purchase stored without one is kept.
   */
  completeRefund(id: string, refund: { refundId: string; paymentIntentId: string | null }) {
    return this.db.transaction().execute(async (trx) => {
      if (refund.paymentIntentId)
        await trx
          .updateTable('purchases')
          .set({ provider_payment_id: refund.paymentIntentId })
          .where('id', '=', id)
          .where('provider_payment_id', 'is', null)
          .execute();
      return settleRefund(trx, id, refund.refundId);
    });
  }

  /** Whether the design exists (archived or not). */
  async designExists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('designs').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** The design's own purchases (not those of its collection) not refunded yet, oldest first. */
  async unrefundedDesignPurchases(designId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('purchases')
      .select('id')
      .where('design_id', '=', designId)
      .where('kind', '=', 'design')
      .where('refunded_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }
}
