import type { FastifyInstance } from 'fastify';
import { NotificationJobs } from '../../lib/notification-jobs.ts';
import { ProviderCancelJobs } from '../../lib/provider-cancel-jobs.ts';
import { WindowCounter } from '../../lib/rate-limit.ts';
import { RateLimitRepo } from '../../lib/rate-limit-repo.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { AccountDeletionRepo, type AfterDeletion } from './account-deletion-repo.ts';
import { accountDeletionRoutes } from './account-deletion-routes.ts';
import { AccountDeletionService } from './account-deletion-service.ts';

/**
 * Deleting one's account. The subscriptions it stops are cancelled at the provider by jobs queued
 * in the deletion's transaction (lib/provider-cancel-jobs.ts, whose worker runs here), and the
 * sellers of the person's own subscriptions are told by mail.
 */
export function registerAccountDeletion(app: FastifyInstance, deps: ModuleDeps): void {
  const { jobs, payments, files } = deps;
  const notifications = new NotificationJobs(jobs);
  const providerCancels = new ProviderCancelJobs(jobs, payments);
  providerCancels.work();
  const after: AfterDeletion = async (trx, { userId, stoppedSubscriptions }) => {
    for (const subscription of stoppedSubscriptions) {
      await providerCancels.queue(trx, subscription.providerSubscriptionId);
      if (subscription.subscriberId === userId)
        await notifications.queue(trx, { kind: 'subscriberCancelled', subscriptionId: subscription.id });
    }
  };
  const cleanUp = async (imageKeys: string[]) => {
    providerCancels.wake();
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
