import type { FastifyInstance } from 'fastify';
import { MAIL_JOBS } from '../../lib/mail/mailer.ts';
import { WindowCounter } from '../../lib/rate-limit.ts';
import { RateLimitRepo } from '../../lib/rate-limit-repo.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { EmailChangeRepo } from './email-change-repo.ts';
import { emailChangeRoutes } from './email-change-routes.ts';
import { EmailChangeService } from './email-change-service.ts';

export const EMAIL_CHANGE_QUEUE = 'email_change_mail';

/** Changing one's address: the mails go by a job on `email_change_mail` (5 retries from 15 s, doubling). */
export function registerEmailChange(app: FastifyInstance, deps: ModuleDeps): void {
  const { maxFailures, windowMs } = deps.config.loginLimit;
  const changes = new EmailChangeService(
    new EmailChangeRepo(deps.db),
    async (userId, newEmail) => {
      await deps.jobs.send(EMAIL_CHANGE_QUEUE, { userId, newEmail });
    },
    deps.mail,
    new WindowCounter(new RateLimitRepo(deps.db), 'email-change-wrong-passwords', maxFailures, windowMs),
  );
  deps.jobs.work<{ userId: string; newEmail: string }>(
    EMAIL_CHANGE_QUEUE,
    MAIL_JOBS,
    ({ userId, newEmail }) => changes.sendMails(userId, newEmail),
  );
  emailChangeRoutes(app, changes);
}
