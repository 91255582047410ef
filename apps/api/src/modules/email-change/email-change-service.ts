import {
  type ChangeEmailInput,
  type ChangeEmailResponse,
  emailChangeSent,
  GOOGLE_EMAIL_FIXED,
  SAME_EMAIL,
  WRONG_PASSWORD_FOR_EMAIL,
} from '@printmarket/shared/email-change';
import { VERIFY_LINK_HOURS } from '@printmarket/shared/email-verification';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { newLinkToken } from '../../lib/link-tokens.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { refuseWhileLimited, type WindowCounter } from '../../lib/rate-limit.ts';

const WRONG_PASSWORDS = 'Too many wrong passwords.';

import { verifyPassword } from '../auth/passwords.ts';
import { addressChangingMail, confirmNewAddressMail } from './email-change-mails.ts';
import type { EmailChangeRepo } from './email-change-repo.ts';

/**
 * Moving an account to another address (Settings > Security). The password is asked for, as a
 * session alone may be borrowed; wrong ones are limited like sign-in failures. Nothing changes until
 * the link mailed to the new address is opened (POST /api/auth/verify-email), and the old address is
 * told. The mails go by a job, as every mail does.
 */
export class EmailChangeService {
  constructor(
    private readonly repo: EmailChangeRepo,
    private readonly queueMails: (userId: string, newEmail: string) => Promise<void>,
    private readonly mail: Mailer,
    private readonly wrongPasswords: WindowCounter,
  ) {}

  async requestChange(
    viewer: Viewer,
    input: Required<ChangeEmailInput>,
    clientIp: string,
  ): Promise<ChangeEmailResponse> {
    const keys = [`user:${viewer.id}`, `ip:${clientIp}`];
    refuseWhileLimited(await this.wrongPasswords.retryAfterMs(keys), WRONG_PASSWORDS);
    const account = await this.repo.findAccount(viewer.id);
    if (!account) throw unauthorized('Your session has ended. Please sign in again.', 'SESSION_INVALID');
    if (account.passwordHash === null) throw forbidden(GOOGLE_EMAIL_FIXED, 'NO_PASSWORD');
    if (input.newEmail === account.email) throw badRequest(SAME_EMAIL, 'SAME_EMAIL');
    // Counted before the slow check, so parallel guesses meet the limit too.
    refuseWhileLimited(await this.wrongPasswords.take(keys), WRONG_PASSWORDS);
    if (!(await verifyPassword(account.passwordHash, input.password)))
      throw forbidden(WRONG_PASSWORD_FOR_EMAIL, 'WRONG_PASSWORD');
    await this.wrongPasswords.reset(`user:${viewer.id}`);
    await this.wrongPasswords.forgive(`ip:${clientIp}`);
    if (await this.repo.emailTaken(input.newEmail))
      throw conflict('An account with that email already exists.', 'EMAIL_TAKEN');
    await this.queueMails(viewer.id, input.newEmail);
    return { message: emailChangeSent(input.newEmail) };
  }

  /** The job: the link to the new address, and the notice to the old one. */
  async sendMails(userId: string, newEmail: string): Promise<void> {
    const account = await this.repo.findAccount(userId);
    if (!account || account.email === newEmail) return;
    const { token, hash } = newLinkToken();
    await this.repo.replaceChangeToken(
      userId,
      newEmail,
      hash,
      new Date(Date.now() + VERIFY_LINK_HOURS * 3_600_000),
    );
    const { publicUrl } = this.mail;
    await this.mail.send(newEmail, confirmNewAddressMail(account.username, publicUrl, token));
    await this.mail.send(account.email, addressChangingMail(account.username, publicUrl, newEmail));
  }
}
