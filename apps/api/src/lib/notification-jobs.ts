import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobQueue } from './jobs/job-queue.ts';

/**
 * The notification mails other modules cause (module notifications sends them). Here, in lib,
 * so that the modules that cause them name the jobs without importing that module.
 */
export const NOTIFICATION_QUEUE = 'notification_mail';

/** New followers of `creatorId`, gathered into at most one mail a day. */
export const FOLLOWER_MAIL_QUEUE = 'follower_mail';

export type NotificationJob =
  /** To the seller: 'You sold {item}', with the amount and its split. */
  | { kind: 'sale'; purchaseId: string }
  /** To the buyer of a design or collection. */
  | { kind: 'purchaseReceipt'; purchaseId: string }
  /** To the subscriber, for every paid invoice (the earning `invoice:{invoiceId}`). */
  | { kind: 'subscriptionReceipt'; invoiceId: string; checkoutSessionId: string }
  /** To the seller. */
  | { kind: 'newSubscriber'; subscriptionId: string }
  /** To the seller, when a subscription stops renewing. */
  | { kind: 'subscriberCancelled'; subscriptionId: string };

/** Queues notification mails in the transaction of what caused them. */
export class NotificationJobs {
  constructor(private readonly jobs: JobQueue) {}

  /**
   * Written in `trx`: a payment whose transaction rolls back mails nobody, and one that commits
   * always mails, however the process fares afterwards.
   */
  async queue(trx: Kysely<DB>, job: NotificationJob): Promise<void> {
    await this.jobs.send(NOTIFICATION_QUEUE, job, { within: trx });
  }

  /** After the commit: the mails go now rather than at the worker's next poll. */
  wake(): void {
    this.jobs.wake(NOTIFICATION_QUEUE);
  }

  /** After a follow: the creator's next follower mail (the job decides when it may go). */
  async followed(creatorId: string): Promise<void> {
    await this.jobs.send(FOLLOWER_MAIL_QUEUE, { creatorId }, { singletonKey: creatorId });
  }
}
