import {
  type ChangePasswordInput,
  type ChangePasswordResponse,
  NEW_PASSWORD_SAME,
} from '@printmarket/shared/password-change';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { weakPasswordProblem } from '../../lib/password-rule.ts';
import { refuseWhileLimited, type WindowCounter } from '../../lib/rate-limit.ts';

const WRONG_PASSWORDS = 'Too many wrong passwords.';

import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { PasswordChangeRepo } from './password-change-repo.ts';

export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
export const NO_PASSWORD_TO_CHANGE = 'This account signs in with Google and has no password to change.';

/**
 * Changing the password of the signed-in person. Knowing the current password is required even
 * with a valid session, so a borrowed or stolen session cannot lock the owner out; wrong guesses
 * are limited like sign-in failures. Success ends every other session: whoever else was signed in
 * (perhaps the reason for the change) is out at once, while this browser stays signed in.
 */
export class PasswordChangeService {
  constructor(
    private readonly repo: PasswordChangeRepo,
    /** Wrong current passwords, per person and per address (the sign-in limits' numbers). */
    private readonly failures: WindowCounter,
  ) {}

  async change(
    viewer: Viewer,
    input: Required<ChangePasswordInput>,
    clientIp: string,
  ): Promise<ChangePasswordResponse> {
    const keys = [`user:${viewer.id}`, `ip:${clientIp}`];
    // A limited person hears so before any other check, as before a guess is counted.
    refuseWhileLimited(await this.failures.retryAfterMs(keys), WRONG_PASSWORDS);
    const account = await this.repo.findPasswordHash(viewer.id);
    if (!account) throw unauthorized('Your session has ended. Please sign in again.', 'SESSION_INVALID');
    if (account.passwordHash === null) throw forbidden(NO_PASSWORD_TO_CHANGE, 'NO_PASSWORD');
    if (input.newPassword === input.currentPassword)
      throw badRequest(NEW_PASSWORD_SAME, 'PASSWORD_UNCHANGED');
    const weak = await weakPasswordProblem(input.newPassword, [viewer.username]);
    if (weak) throw badRequest(weak, 'WEAK_PASSWORD');

    // Counted before the slow check, so parallel guesses meet the limit too (as at sign-in).
    refuseWhileLimited(await this.failures.take(keys), WRONG_PASSWORDS);
    if (!(await verifyPassword(account.passwordHash, input.currentPassword)))
      throw forbidden(WRONG_CURRENT_PASSWORD, 'WRONG_PASSWORD');
    await this.failures.reset(`user:${viewer.id}`);
    await this.failures.forgive(`ip:${clientIp}`);

    const newHash = await hashPassword(input.newPassword);
    const ended = await this.repo.replacePassword(viewer.id, account.passwordHash, newHash, viewer.sessionId);
    if (ended === undefined)
      throw conflict(
        'Your password or session changed while this request was running. Please sign in again.',
        'PASSWORD_CHANGED_MEANWHILE',
      );
    return { message: 'Your password has been changed.', otherSessionsEnded: ended };
  }
}
