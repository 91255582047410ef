import type { FastifyInstance } from 'fastify';
import { NotificationJobs } from '../../lib/notification-jobs.ts';
import { WindowCounter } from '../../lib/rate-limit.ts';
import { RateLimitRepo } from '../../lib/rate-limit-repo.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { AccountDeletionRepo, type AfterDeletion } from './account-deletion-repo.ts';
import { accountDeletionRoutes } from './account-deletion-routes.ts';
import { AccountDeletionService } from './account-deletion-service.ts';

/** Tells the payment provider that a subscription of a deleted account renews no more. */
export const PROVIDER_CANCEL_QUEUE = 'subscription_provider_cancel';

/**
 * Deleting one's account. The subscriptions it stops are cancelled at the provider by jobs queued
 * in the deletion's transaction (10 retries from 30 s, doubling: a provider outage must not leave a
 * subscription charging), and the sellers of the person's own subscriptions are told by mail.
 */
export function registerAccountDeletion(app: FastifyInstance, deps: ModuleDeps): void {
  const { jobs, payments, files } = deps;
  const notifications = new NotificationJobs(jobs);
  if (payments)
    jobs.work<{ providerSubscriptionId: string }>(
      PROVIDER_CANCEL_QUEUE,
      { policy: 'standard', retryLimit: 10, retryDelay: 30, retryBackoff: true },
      async ({ providerSubscriptionId }) => {
        await payments.cancelSubscriptionAtPeriodEnd(providerSubscriptionId);
      },
    );
  const after: AfterDeletion = async (trx, { userId, stoppedSubscriptions }) => {
    for (const subscription of stoppedSubscriptions) {
      if (payments)
        await jobs.send(
          PROVIDER_CANCEL_QUEUE,
          { providerSubscriptionId: subscription.providerSubscriptionId },
          { within: trx },
        );
      if (subscription.subscriberId === userId)
        await notifications.queue(trx, { kind: 'subscriberCancelled', subscriptionId: subscription.id });
    }
  };
  const cleanUp = async (imageKeys: string[]) => {
    jobs.wake(PROVIDER_CANCEL_QUEUE);
    notifications.wake();
    for (const key of imageKeys)
      await files
        .delete(key)
        .catch((err: unknown) => app.log.warn({ err, key }, 'profile image not removed'));
  };
  const { maxFailures, windowMs } = deps.config.loginLimit;
  accountDeletionRoutes(
    app,
    new AccountDeletionService(
      new AccountDeletionRepo(deps.db),
      new WindowCounter(
        new RateLimitRepo(deps.db),
        'account-deletion-wrong-passwords',
        maxFailures,
        windowMs,
      ),
      after,
      cleanUp,
    ),
  );
}
