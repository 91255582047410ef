import type { FastifyInstance } from 'fastify';
import { MAIL_JOBS } from '../../lib/mail/mailer.ts';
import { WindowCounter } from '../../lib/rate-limit.ts';
import { RateLimitRepo } from '../../lib/rate-limit-repo.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { PasswordResetRepo } from './password-reset-repo.ts';
import { passwordResetRoutes } from './password-reset-routes.ts';
import { PasswordResetService } from './password-reset-service.ts';

export const RESET_MAIL_QUEUE = 'password_reset_mail';

/**
 * Forgotten passwords: a link by mail, sent by a job on the queue `password_reset_mail` (retried
 * 5 times from 15 s, doubling: a mail server that is down for a few minutes delays the mail, and
 * the request that asked for it has long been answered).
 */
export function registerPasswordReset(
  app: FastifyInstance,
  deps: ModuleDeps,
): { resets: PasswordResetService } {
  const { perAddress, perIp, windowMs } = deps.config.passwordResetLimit;
  const { maxFailures, windowMs: failureWindowMs } = deps.config.loginLimit;
  const limits = new RateLimitRepo(deps.db);
  const resets = new PasswordResetService(
    new PasswordResetRepo(deps.db),
    {
      perAddress: new WindowCounter(limits, 'reset-links-per-address', perAddress, windowMs),
      perIp: new WindowCounter(limits, 'reset-links-per-ip', perIp, windowMs),
      badLinks: new WindowCounter(limits, 'reset-bad-links', maxFailures, failureWindowMs),
    },
    async (email) => {
      await deps.jobs.send(RESET_MAIL_QUEUE, { email });
    },
    deps.mail,
  );
  deps.jobs.work<{ email: string }>(RESET_MAIL_QUEUE, MAIL_JOBS, ({ email }) => resets.sendLinkMail(email));
  passwordResetRoutes(app, resets);
  return { resets };
}
