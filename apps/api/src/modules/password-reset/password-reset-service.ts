import {
  FORGOT_PASSWORD_SENT,
  PASSWORD_RESET_DONE,
  type PasswordResetResponse,
  RESET_LINK_INVALID,
  RESET_LINK_MINUTES,
} from '@printmarket/shared/password-reset';
import { badRequest, tooManyRequests } from '../../lib/errors.ts';
import { linkTokenHash, newLinkToken } from '../../lib/link-tokens.ts';
import { composeMail, type MailBrand } from '../../lib/mail/compose-mail.ts';
import type { MailTransport } from '../../lib/mail/mail-transport.ts';
import { weakPasswordProblem } from '../../lib/password-rule.ts';
import { minutesText, type WindowCounter } from '../../lib/rate-limit.ts';
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
    private readonly mail: MailTransport,
    private readonly brand: MailBrand,
  ) {}

  async requestLink(email: string, clientIp: string): Promise<PasswordResetResponse> {
    await refuseWhileLimited(
      this.limits.perIp,
      `ip:${clientIp}`,
      'Too many password reset requests from your network.',
    );
    await refuseWhileLimited(
      this.limits.perAddress,
      `email:${email}`,
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
      await this.mail.send(
        composeMail(account.email, signInWithGoogleMail(account.username, this.brand.publicUrl), this.brand),
      );
      return;
    }
    const { token, hash } = newLinkToken();
    await this.repo.replaceToken(account.id, hash, new Date(Date.now() + RESET_LINK_MINUTES * 60_000));
    await this.mail.send(
      composeMail(account.email, resetLinkMail(account.username, this.brand.publicUrl, token), this.brand),
    );
  }

  /** Sets the new password with a live link, which it uses up, and ends every session of the account. */
  async reset(token: string, password: string, clientIp: string): Promise<PasswordResetResponse> {
    const ipKey = `ip:${clientIp}`;
    await refuseWhileLimited(
      this.limits.badLinks,
      ipKey,
      'Too many invalid reset links from your network.',
      'check',
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

/** `take` counts this attempt; `check` only looks (failures are counted as they happen). */
async function refuseWhileLimited(
  counter: WindowCounter,
  key: string,
  what: string,
  mode: 'take' | 'check' = 'take',
) {
  const wait = mode === 'take' ? await counter.take([key]) : await counter.retryAfterMs([key]);
  if (wait > 0) throw tooManyRequests(`${what} Please try again in ${minutesText(wait)}.`);
}
