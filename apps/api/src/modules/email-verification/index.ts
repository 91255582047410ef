import type { FastifyInstance } from 'fastify';
import { MAIL_JOBS } from '../../lib/mail/mailer.ts';
import { WindowCounter } from '../../lib/rate-limit.ts';
import { RateLimitRepo } from '../../lib/rate-limit-repo.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { EmailVerificationRepo } from './email-verification-repo.ts';
import { emailVerificationRoutes } from './email-verification-routes.ts';
import { EmailVerificationService } from './email-verification-service.ts';

export const CONFIRMATION_MAIL_QUEUE = 'email_confirmation_mail';

/** New links a person may ask for each hour. */
const RESENDS_PER_HOUR = 5;

/**
 * Confirming email addresses. The service is returned: the auth module mails the first link
 * after a sign-up. Mail is sent by jobs on `email_confirmation_mail` (5 retries from 15 s, doubling).
 */
export function registerEmailVerification(
  app: FastifyInstance,
  deps: ModuleDeps,
): { verification: EmailVerificationService } {
  const limits = new RateLimitRepo(deps.db);
  const { maxFailures, windowMs } = deps.config.loginLimit;
  const verification = new EmailVerificationService(
    new EmailVerificationRepo(deps.db),
    async (userId) => {
      await deps.jobs.send(CONFIRMATION_MAIL_QUEUE, { userId });
    },
    deps.mail,
    new WindowCounter(limits, 'confirmation-links', RESENDS_PER_HOUR, 3_600_000),
    new WindowCounter(limits, 'confirmation-bad-links', maxFailures, windowMs),
  );
  deps.jobs.work<{ userId: string }>(CONFIRMATION_MAIL_QUEUE, MAIL_JOBS, ({ userId }) =>
    verification.sendLinkMail(userId),
  );
  emailVerificationRoutes(app, verification);
  return { verification };
}
