import {
  FORGOT_PASSWORD_SENT,
  PASSWORD_RESET_DONE,
  type PasswordResetResponse,
  RESET_LINK_INVALID,
  RESET_LINK_MINUTES,
} from '@printmarket/shared/password-reset';
import { badRequest } from '../../lib/errors.ts';
import { linkTokenHash, newLinkToken } from '../../lib/link-tokens.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { weakPasswordProblem } from '../../lib/password-rule.ts';
import { refuseWhileLimited, type WindowCounter } from '../../lib/rate-limit.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { PasswordResetRepo } from './password-reset-repo.ts';
import { resetLinkMail, signInWithGoogleMail } from './reset-mails.ts';

export type ResetLimits = {
  /** Links asked for per address (counted whether or not an account uses it). */
  perAddress: WindowCounter;
  /** Links asked for per network address. */
  perIp: WindowCounter;
  /** Reset attempts with a dead link, per network address. */
  badLinks: WindowCounter;
};

/**
 * Forgotten passwords. Asking for a link only queues a job: the answer, and the time it takes, are
 * the same whether or not an account uses the address, and a slow or failing mail server never
 * fails the request. The job makes the link and sends the mail (retried with backoff).
 */
export class PasswordResetService {
  constructor(
    private readonly repo: PasswordResetRepo,
    private readonly limits: ResetLimits,
    private readonly queueLinkMail: (email: string) => Promise<void>,
    private readonly mail: Mailer,
  ) {}

  async requestLink(email: string, clientIp: string): Promise<PasswordResetResponse> {
    refuseWhileLimited(
      await this.limits.perIp.take([`ip:${clientIp}`]),
      'Too many password reset requests from your network.',
    );
    refuseWhileLimited(
      await this.limits.perAddress.take([`email:${email}`]),
      'Too many password reset requests for this address.',
    );
    await this.queueLinkMail(email);
    return { message: FORGOT_PASSWORD_SENT };
  }

  /** The job: mails a new link, or tells a Google-only account how it signs in; nothing for an unknown address. */
  async sendLinkMail(email: string): Promise<void> {
    const account = await this.repo.findAccountByEmail(email);
    if (!account) return;
    if (!account.hasPassword) {
      await this.mail.send(account.email, signInWithGoogleMail(account.username, this.mail.publicUrl));
      return;
    }
    const { token, hash } = newLinkToken();
    await this.repo.replaceToken(account.id, hash, new Date(Date.now() + RESET_LINK_MINUTES * 60_000));
    await this.mail.send(account.email, resetLinkMail(account.username, this.mail.publicUrl, token));
  }

  /** Sets the new password with a live link, which it uses up, and ends every session of the account. */
  async reset(token: string, password: string, clientIp: string): Promise<PasswordResetResponse> {
    const ipKey = `ip:${clientIp}`;
    refuseWhileLimited(
      await this.limits.badLinks.retryAfterMs([ipKey]),
      'Too many invalid reset links from your network.',
    );
    const tokenHash = linkTokenHash(token);
    const account = await this.repo.findTokenAccount(tokenHash);
    if (!account) throw await this.#badLink(ipKey);
    // Checked before the link is used, so a refused password leaves the link working for a better one.
    const weak = await weakPasswordProblem(password, [account.username, account.name, account.email]);
    if (weak) throw badRequest(weak, 'WEAK_PASSWORD');
    if (!(await this.repo.useToken(tokenHash, await hashPassword(password))))
      throw await this.#badLink(ipKey);
    return { message: PASSWORD_RESET_DONE };
  }

  async #badLink(ipKey: string) {
    await this.limits.badLinks.take([ipKey]);
    return badRequest(RESET_LINK_INVALID, 'RESET_TOKEN_INVALID');
  }
}
