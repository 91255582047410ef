import type { NotificationKind } from '@printmarket/shared/notifications';
import { type ColumnType, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isLiveAccount } from '../../db/live-account.ts';

/**
 * The tables of migration 0020 that only this module reads and writes; declared here and added
 * with `withTables` rather than in db/schema.ts.
 */
type NotificationTables = {
  mail_opt_outs: {
    user_id: string;
    kind: NotificationKind;
    created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
  follower_mail_marks: { user_id: string; last_sent_at: Date };
};

export type Person = { id: string; username: string; email: string };

/** SQL for notification mails: who turned what off, and the facts each mail tells. */
export class NotificationsRepo {
  readonly #db;

  constructor(private readonly db: Database) {
    this.#db = db.withTables<NotificationTables>();
  }

  async optedOut(userId: string): Promise<NotificationKind[]> {
    const rows = await this.#db
      .selectFrom('mail_opt_outs')
      .select('kind')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.kind);
  }

  /** Turns the kinds given as false off and those given as true on, in one transaction. */
  saveSettings(userId: string, change: Partial<Record<NotificationKind, boolean>>): Promise<void> {
    const entries = Object.entries(change) as [NotificationKind, boolean][];
    const off = entries.filter(([, on]) => !on).map(([kind]) => kind);
    const on = entries.filter(([, on]) => on).map(([kind]) => kind);
    return this.#db.transaction().execute(async (trx) => {
      if (on.length > 0)
        await trx.deleteFrom('mail_opt_outs').where('user_id', '=', userId).where('kind', 'in', on).execute();
      if (off.length > 0)
        await trx
          .insertInto('mail_opt_outs')
          .values(off.map((kind) => ({ user_id: userId, kind })))
          .onConflict((oc) => oc.doNothing())
          .execute();
    });
  }

  /** Whether the person gets mail of this kind: their account is not deleted, the kind not off. */
  async wantsMail(userId: string, kind: NotificationKind): Promise<boolean> {
    const row = await this.#db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('mail_opt_outs')
              .select('kind')
              .where('mail_opt_outs.user_id', '=', userId)
              .where('mail_opt_outs.kind', '=', kind),
          ),
        ),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  userExists(userId: string): Promise<boolean> {
    return isLiveAccount(this.db, userId);
  }

  /** A design or collection sold: both people, and the ledger line of the sale. */
  sale(purchaseId: string) {
    return this.#db
      .selectFrom('purchases as p')
      .innerJoin('users as buyer', 'buyer.id', 'p.buyer_id')
      .innerJoin('users as seller', 'seller.id', 'p.seller_id')
      .innerJoin('earnings as e', (join) =>
        join.on('e.source', '=', sql<string>`'checkout:' || p.checkout_session_id`),
      )
      .select([
        'p.id',
        'p.kind',
        'p.item_name as itemName',
        'p.created_at as createdAt',
        'buyer.id as buyerId',
        'buyer.username as buyerUsername',
        'buyer.email as buyerEmail',
        'seller.id as sellerId',
        'seller.username as sellerUsername',
        'seller.email as sellerEmail',
        'e.price_cents as priceCents',
        'e.platform_fee_cents as platformCents',
        'e.provider_fee_cents as providerCents',
        'e.creator_cents as creatorCents',
      ])
      .where('p.id', '=', purchaseId)
      .executeTakeFirst();
  }

  /** A subscription's invoice paid: the subscriber, what they subscribe to, and the amount. */
  subscriptionPayment(checkoutSessionId: string, invoiceId: string) {
    return this.#db
      .selectFrom('checkout_sessions as c')
      .innerJoin('users as buyer', 'buyer.id', 'c.buyer_id')
      .innerJoin('users as seller', 'seller.id', 'c.seller_id')
      .innerJoin('earnings as e', (join) => join.on('e.source', '=', `invoice:${invoiceId}`))
      .select([
        'c.item_name as itemName',
        'buyer.id as buyerId',
        'buyer.username as buyerUsername',
        'buyer.email as buyerEmail',
        'seller.username as sellerUsername',
        'e.price_cents as priceCents',
        'e.created_at as paidAt',
        'e.refunded_at as refundedAt',
      ])
      .where('c.id', '=', checkoutSessionId)
      .executeTakeFirst();
  }

  subscription(subscriptionId: string) {
    return this.#db
      .selectFrom('subscriptions as s')
      .innerJoin('users as subscriber', 'subscriber.id', 's.subscriber_id')
      .innerJoin('users as seller', 'seller.id', 's.seller_id')
      .select([
        's.id',
        's.plan_name as planName',
        's.collection_name as collectionName',
        's.price_cents as priceCents',
        's.plan_type as planType',
        's.end_date as endDate',
        's.status',
        'subscriber.id as subscriberId',
        'subscriber.username as subscriberUsername',
        'subscriber.email as subscriberEmail',
        'seller.id as sellerId',
        'seller.username as sellerUsername',
        'seller.email as sellerEmail',
      ])
      .where('s.id', '=', subscriptionId)
      .executeTakeFirst();
  }

  /** Cancelled subscriptions that end within `days` and whose subscriber was not told yet. */
  async endingSoon(days: number, limit: number): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('subscriptions')
      .select('id')
      .where('status', '=', 'canceled')
      .where('ending_notice_at', 'is', null)
      .where('end_date', '>', sql<Date>`now()`)
      .where('end_date', '<=', sql<Date>`now() + make_interval(days => ${days})`)
      .orderBy('end_date')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async markEndingNotice(subscriptionId: string): Promise<void> {
    await this.#db
      .updateTable('subscriptions')
      .set({ ending_notice_at: sql<Date>`now()` })
      .where('id', '=', subscriptionId)
      .execute();
  }

  async creator(userId: string): Promise<(Person & { lastMailedAt: Date | null }) | undefined> {
    return this.#db
      .selectFrom('users')
      .leftJoin('follower_mail_marks as m', 'm.user_id', 'users.id')
      .select(['users.id', 'users.username', 'users.email', 'm.last_sent_at as lastMailedAt'])
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  /** Who started following `userId` after `since` and still does, oldest first, and how many. */
  async followersSince(userId: string, since: Date, limit: number) {
    const [names, count] = await Promise.all([
      this.#db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.follower_id')
        .select('users.username')
        .where('follows.followee_id', '=', userId)
        .where('follows.created_at', '>', since)
        .orderBy('follows.created_at')
        .limit(limit)
        .execute(),
      this.#db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('followee_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow(),
    ]);
    return { usernames: names.map((r) => r.username), total: Number(count.n) };
  }

  async markFollowerMail(userId: string, at: Date): Promise<void> {
    await this.#db
      .insertInto('follower_mail_marks')
      .values({ user_id: userId, last_sent_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_sent_at: at }))
      .execute();
  }
}
