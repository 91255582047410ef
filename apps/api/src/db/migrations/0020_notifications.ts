import { type Kysely, sql } from 'kysely';

/**
 * Notification mails. `mail_opt_outs` holds the kinds a person turned off (Settings or a mail's
 * unsubscribe link): no row means the mail goes. `follower_mail_marks` is when each creator was
 * last mailed about new followers, which go at most once a day. `subscriptions.ending_notice_at` is
 * when the subscriber was told that a cancelled subscription ends soon, so it is told once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_opt_outs')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('sale', 'newSubscriber', 'subscriberCancelled', 'receipt', 'subscriptionEnding', 'newFollower')`,
        ),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mail_opt_outs_pkey', ['user_id', 'kind'])
    .execute();
  await db.schema
    .createTable('follower_mail_marks')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('ending_notice_at', 'timestamptz').execute();
  // The hourly look for cancelled subscriptions about to end reads only those.
  await sql`create index subscriptions_ending_idx on subscriptions (end_date)
    where status = 'canceled' and ending_notice_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists subscriptions_ending_idx`.execute(db);
  await db.schema.alterTable('subscriptions').dropColumn('ending_notice_at').execute();
  await db.schema.dropTable('follower_mail_marks').ifExists().execute();
  await db.schema.dropTable('mail_opt_outs').ifExists().execute();
}
