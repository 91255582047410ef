import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { grantArchivedCollection } from '../../db/entitlements.ts';
import type { DB } from '../../db/schema.ts';

/** What the deletion left to do after its commit. */
export type DeletedAccount = {
  userId: string;
  /** The profile picture and banners, to remove from storage. */
  imageKeys: string[];
  /** Subscriptions it stopped from renewing: the provider is told by a job. */
  stoppedSubscriptions: { id: string; providerSubscriptionId: string; subscriberId: string }[];
};

/** Queues, in the deletion's transaction, what must reach the provider and the mail. */
export type AfterDeletion = (trx: Transaction<DB>, deleted: DeletedAccount) => Promise<void>;

/** SQL for deleting an account (DELETE /api/user/account). */
export class AccountDeletionRepo {
  constructor(private readonly db: Database) {}

  findAccount(userId: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'password_hash as passwordHash'])
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Deletes the account in one transaction; undefined when it is gone already. The row stays,
   * emptied, so the username stays reserved and sales and purchases keep their other side; the
   * address is freed for a new account. Designs and collections are archived, so their holders
   * keep them (subscribers for the period already paid) and nobody else sees them; the person's
   * subscriptions, as seller and as subscriber, stop renewing.
   */
  delete(userId: string, after: AfterDeletion): Promise<DeletedAccount | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // Locked first: follows and likes of this account wait, then find it deleted.
      const account = await trx
        .selectFrom('users')
        .select(['profile_picture_key', 'banner_image_key', 'banner_medium_key'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!account) return undefined;

      const stoppedSubscriptions = await trx
        .updateTable('subscriptions')
        .set({
          status: 'canceled',
          canceled_at: sql<Date>`now()`,
          provider_updated_at: sql<Date>`greatest(provider_updated_at, now())`,
        })
        .where('status', '=', 'active')
        .where((eb) => eb.or([eb('seller_id', '=', userId), eb('subscriber_id', '=', userId)]))
        .returning([
          'id',
          'provider_subscription_id as providerSubscriptionId',
          'subscriber_id as subscriberId',
        ])
        .execute();
      const collections = await trx
        .updateTable('collections')
        .set({ archived_at: sql<Date>`now()`, updated_at: new Date() })
        .where('user_id', '=', userId)
        .where('archived_at', 'is', null)
        .returning('id')
        .execute();
      for (const { id } of collections) await grantArchivedCollection(trx, id);
      await trx
        .updateTable('designs')
        .set({ archived_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('archived_at', 'is', null)
        .execute();

      // Likes leave the counters of the designs they were on.
      await trx
        .updateTable('designs')
        .set({ likes_count: sql<number>`likes_count - 1` })
        .where('id', 'in', (eb) => eb.selectFrom('likes').select('design_id').where('user_id', '=', userId))
        .execute();
      await trx.deleteFrom('likes').where('user_id', '=', userId).execute();
      await trx
        .deleteFrom('follows')
        .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
        .execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
      await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
      await trx.deleteFrom('google_sign_in_codes').where('user_id', '=', userId).execute();
      // Tables other modules declare for themselves (migrations 0005 and 0020).
      for (const table of ['user_preferences', 'mail_opt_outs', 'follower_mail_marks'])
        await sql`delete from ${sql.table(table)} where user_id = ${userId}`.execute(trx);

      await trx
        .updateTable('users')
        .set({
          name: '',
          bio: '',
          location: '',
          profile_picture_key: null,
          banner_image_key: null,
          banner_medium_key: null,
          social_links: '{}',
          // Unique like every address, and never one that receives mail.
          email: `deleted-${userId}@deleted.invalid`,
          password_hash: null,
          google_sub: null,
          email_verified_at: null,
          deleted_at: sql<Date>`now()`,
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .execute();

      const deleted: DeletedAccount = {
        userId,
        imageKeys: [account.profile_picture_key, account.banner_image_key, account.banner_medium_key].filter(
          (key): key is string => key !== null,
        ),
        stoppedSubscriptions,
      };
      await after(trx, deleted);
      return deleted;
    });
  }
}
