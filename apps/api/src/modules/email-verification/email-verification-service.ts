import { emailChanged } from '@printmarket/shared/email-change';
import {
  ALREADY_VERIFIED,
  EMAIL_VERIFIED,
  type ResendVerificationResponse,
  VERIFY_LINK_HOURS,
  VERIFY_LINK_INVALID,
  type VerifyEmailResponse,
  verificationSent,
} from '@printmarket/shared/email-verification';
import { uniqueViolation } from '../../db/errors.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { linkTokenHash, newLinkToken } from '../../lib/link-tokens.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { refuseWhileLimited, type WindowCounter } from '../../lib/rate-limit.ts';
import { confirmAddressMail } from './confirmation-mail.ts';
import type { EmailVerificationRepo } from './email-verification-repo.ts';

/**
 * Confirming that people own their address: a link is mailed at sign-up (by a job, so a mail server
 * that is down fails no sign-up) and on request; opening it marks the address confirmed. The same
 * call uses the links of an email change (module email-change), which move the account to the new
 * address.
 */
export class EmailVerificationService {
  constructor(
    private readonly repo: EmailVerificationRepo,
    private readonly queueMail: (userId: string) => Promise<void>,
    private readonly mail: Mailer,
    /** New links asked for, per person. */
    private readonly resends: WindowCounter,
    /** Dead links tried, per network address. */
    private readonly badLinks: WindowCounter,
  ) {}

  /** After a sign-up with a password: the first link. */
  afterSignUp(userId: string): Promise<void> {
    return this.queueMail(userId);
  }

  async resend(viewer: Viewer): Promise<ResendVerificationResponse> {
    const account = await this.repo.findAccount(viewer.id);
    if (!account) throw unauthorized('Your session has ended. Please sign in again.', 'SESSION_INVALID');
    if (account.verified) throw conflict(ALREADY_VERIFIED, 'ALREADY_VERIFIED');
    const wait = await this.resends.take([`user:${viewer.id}`]);
    refuseWhileLimited(wait, 'Too many confirmation links asked for.');
    await this.queueMail(viewer.id);
    return { message: verificationSent(account.email) };
  }

  /** The job: a new link to the account's address, unless it was confirmed meanwhile. */
  async sendLinkMail(userId: string): Promise<void> {
    const account = await this.repo.findAccount(userId);
    if (!account || account.verified) return;
    const { token, hash } = newLinkToken();
    await this.repo.replaceVerifyToken(
      account.id,
      account.email,
      hash,
      new Date(Date.now() + VERIFY_LINK_HOURS * 3_600_000),
    );
    await this.mail.send(account.email, confirmAddressMail(account.username, this.mail.publicUrl, token));
  }

  async verify(token: string, clientIp: string): Promise<VerifyEmailResponse> {
    const key = `ip:${clientIp}`;
    const wait = await this.badLinks.retryAfterMs([key]);
    refuseWhileLimited(wait, 'Too many invalid confirmation links from your network.');
    let used: Awaited<ReturnType<EmailVerificationRepo['useToken']>>;
    try {
      used = await this.repo.useToken(linkTokenHash(token));
    } catch (err) {
      // A new address another account took after the link was sent: the link stays for later.
      if (uniqueViolation(err) === undefined) throw err;
      throw conflict('An account with that email already exists.', 'EMAIL_TAKEN');
    }
    if (!used) {
      await this.badLinks.take([key]);
      throw badRequest(VERIFY_LINK_INVALID, 'VERIFY_TOKEN_INVALID');
    }
    const message = used.purpose === 'change' ? emailChanged(used.email) : EMAIL_VERIFIED;
    return { message, email: used.email };
  }
}
