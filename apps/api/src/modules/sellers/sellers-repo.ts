import type { Database } from '../../db/database.ts';

/** SQL for sellers' payout accounts and their earnings. */
export class SellersRepo {
  constructor(private readonly db: Database) {}

  sellerAccount(userId: string) {
    return this.db.selectFrom('seller_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  sellerAccountByProviderId(accountId: string) {
    return this.db
      .selectFrom('seller_accounts')
      .selectAll()
      .where('provider_account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** Keeps the first account made for the seller, should two requests race to make one. */
  async saveSellerAccount(userId: string, accountId: string) {
    await this.db
      .insertInto('seller_accounts')
      .values({ user_id: userId, provider_account_id: accountId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return this.sellerAccount(userId);
  }

  /** Whom the provider writes to about the seller's account, and whether they confirmed that address. */
  sellerEmail(userId: string) {
    return this.db
      .selectFrom('users')
      .select('email')
      .select((eb) => eb('email_verified_at', 'is not', null).$castTo<boolean>().as('verified'))
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * The seller's share of every sale and renewal so far, in cents, refunded payments left out; and
   * the payments refunded because the buyer already held the item (what the buyer paid).
   */
  async earningsOf(sellerId: string) {
    const [earned, refunded] = await Promise.all([
      this.db
        .selectFrom('earnings')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('creator_cents'), eb.lit(0)).as('creator_cents'),
          eb.fn.countAll<number>().as('sales'),
        ])
        .where('seller_id', '=', sellerId)
        .where('refunded_at', 'is', null)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('payment_refunds')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('price_cents'), eb.lit(0)).as('price_cents'),
          eb.fn.countAll<number>().as('refunds'),
        ])
        .where('seller_id', '=', sellerId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      creatorCents: Number(earned.creator_cents),
      sales: Number(earned.sales),
      refundedCents: Number(refunded.price_cents),
      refunds: Number(refunded.refunds),
    };
  }
}
