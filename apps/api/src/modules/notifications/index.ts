import type { FastifyInstance } from 'fastify';
import { MAIL_JOBS } from '../../lib/mail/mailer.ts';
import {
  FOLLOWER_MAIL_QUEUE,
  NOTIFICATION_QUEUE,
  type NotificationJob,
} from '../../lib/notification-jobs.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { NotificationsRepo } from './notifications-repo.ts';
import { notificationsRoutes } from './notifications-routes.ts';
import { NotificationsService } from './notifications-service.ts';
import { UnsubscribeLinks } from './unsubscribe-links.ts';

export const ENDING_NOTICES_QUEUE = 'subscription_ending_notices';

/**
 * Notification mails. Other modules queue them (lib/notification-jobs.ts) on `notification_mail`
 * and `follower_mail`; the notices of cancelled subscriptions about to end are looked for hourly.
 */
export async function registerNotifications(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { jobs } = deps;
  const notifications = new NotificationsService(
    new NotificationsRepo(deps.db),
    deps.mail,
    new UnsubscribeLinks(deps.jwtSecret),
    async (creatorId, at) => {
      await jobs.send(FOLLOWER_MAIL_QUEUE, { creatorId }, { singletonKey: creatorId, startAfter: at });
    },
  );
  jobs.work<NotificationJob>(NOTIFICATION_QUEUE, MAIL_JOBS, (job) => notifications.send(job));
  // Stately: one follower mail waiting per creator, which every follow meanwhile joins.
  jobs.work<{ creatorId: string }>(
    FOLLOWER_MAIL_QUEUE,
    { ...MAIL_JOBS, policy: 'stately' },
    ({ creatorId }) => notifications.sendFollowerMail(creatorId),
  );
  jobs.work(
    ENDING_NOTICES_QUEUE,
    { policy: 'singleton', retryLimit: 2, retryDelay: 60, retryBackoff: true },
    () => notifications.sendEndingNotices(),
  );
  jobs.schedule(ENDING_NOTICES_QUEUE, '20 * * * *');
  await notificationsRoutes(app, notifications);
}
