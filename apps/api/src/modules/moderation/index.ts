import type { FastifyInstance } from 'fastify';
import { ProviderCancelJobs } from '../../lib/provider-cancel-jobs.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { type AfterSuspension, ModerationRepo } from './moderation-repo.ts';
import { moderationRoutes } from './moderation-routes.ts';
import { ModerationService } from './moderation-service.ts';

/**
 * Operators' takedowns of designs and suspensions of accounts, and the owner's reply to a
 * takedown. A suspension stops the renewals of the person's plans; the provider is told by the
 * jobs of lib/provider-cancel-jobs.ts, queued in the suspension's transaction.
 */
export async function registerModeration(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const providerCancels = new ProviderCancelJobs(deps.jobs, deps.payments);
  const afterSuspension: AfterSuspension = async (trx, stopped) => {
    for (const { providerSubscriptionId } of stopped)
      await providerCancels.queue(trx, providerSubscriptionId);
  };
  await moderationRoutes(
    app,
    new ModerationService(new ModerationRepo(deps.db), afterSuspension, () => providerCancels.wake()),
  );
}
