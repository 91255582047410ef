import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobQueue } from './jobs/job-queue.ts';

/** Tells the payment provider that a subscription renews no more. */
export const PROVIDER_CANCEL_QUEUE = 'subscription_provider_cancel';

/**
 * Subscriptions our side stopped from renewing (an account deleted, a seller suspended) are
 * cancelled at the provider by a job queued in the transaction that stopped them: 10 retries from
 * 30 s, doubling, so a provider outage cannot leave a subscription charging. Here, in lib, so every
 * module that stops renewals queues the same job.
 */
export class ProviderCancelJobs {
  constructor(
    private readonly jobs: JobQueue,
    /** The payment adapter (its one call used here); null when payments are off. */
    private readonly payments: { cancelSubscriptionAtPeriodEnd(id: string): Promise<unknown> } | null,
  ) {}

  /** Runs the jobs (one module registers the worker for the whole app). */
  work(): void {
    const { payments } = this;
    if (!payments) return;
    this.jobs.work<{ providerSubscriptionId: string }>(
      PROVIDER_CANCEL_QUEUE,
      { policy: 'standard', retryLimit: 10, retryDelay: 30, retryBackoff: true },
      async ({ providerSubscriptionId }) => {
        await payments.cancelSubscriptionAtPeriodEnd(providerSubscriptionId);
      },
    );
  }

  /** Written in `trx`, so the provider is told exactly when the stop commits. */
  async queue(trx: Kysely<DB>, providerSubscriptionId: string): Promise<void> {
    if (this.payments)
      await this.jobs.send(PROVIDER_CANCEL_QUEUE, { providerSubscriptionId }, { within: trx });
  }

  /** After the commit: the provider is told now rather than at the worker's next poll. */
  wake(): void {
    this.jobs.wake(PROVIDER_CANCEL_QUEUE);
  }
}
