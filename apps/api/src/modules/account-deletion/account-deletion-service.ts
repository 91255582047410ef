import {
  ACCOUNT_DELETED,
  DELETE_CONFIRM_WITH_USERNAME,
  DELETE_CONFIRMATION_REQUIRED,
  DELETE_WRONG_PASSWORD,
  DELETE_WRONG_USERNAME,
  type DeleteAccountResponse,
  deleteAccountSchema,
} from '@printmarket/shared/account-deletion';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { refuseWhileLimited, type WindowCounter } from '../../lib/rate-limit.ts';
import { parseInput } from '../../lib/validate.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { AccountDeletionRepo, AfterDeletion } from './account-deletion-repo.ts';

const WRONG_CONFIRMATIONS = 'Too many wrong passwords.';
const sessionEnded = () => unauthorized('Your session has ended. Please sign in again.', 'SESSION_INVALID');

/**
 * Deleting one's own account (Settings > Security). The password is asked for, as a session alone
 * may be borrowed; an account without one (Google only) types its username instead. Wrong answers
 * are limited like sign-in failures. What deletion does is the repo's one transaction.
 */
export class AccountDeletionService {
  constructor(
    private readonly repo: AccountDeletionRepo,
    private readonly wrongConfirmations: WindowCounter,
    private readonly after: AfterDeletion,
    /** After the commit: removes the profile's pictures and wakes the jobs the deletion queued. */
    private readonly cleanUp: (imageKeys: string[]) => Promise<void>,
  ) {}

  async deleteAccount(viewer: Viewer, body: unknown, clientIp: string): Promise<DeleteAccountResponse> {
    const input = parseInput(deleteAccountSchema, body);
    const keys = [`user:${viewer.id}`, `ip:${clientIp}`];
    refuseWhileLimited(await this.wrongConfirmations.retryAfterMs(keys), WRONG_CONFIRMATIONS);
    const account = await this.repo.findAccount(viewer.id);
    if (!account) throw sessionEnded();
    if ('password' in input) {
      if (account.passwordHash === null) throw forbidden(DELETE_CONFIRM_WITH_USERNAME, 'NO_PASSWORD');
      // Counted before the slow check, so parallel guesses meet the limit too.
      refuseWhileLimited(await this.wrongConfirmations.take(keys), WRONG_CONFIRMATIONS);
      if (!(await verifyPassword(account.passwordHash, input.password)))
        throw forbidden(DELETE_WRONG_PASSWORD, 'WRONG_PASSWORD');
    } else {
      if (account.passwordHash !== null) throw badRequest(DELETE_CONFIRMATION_REQUIRED, 'PASSWORD_REQUIRED');
      refuseWhileLimited(await this.wrongConfirmations.take(keys), WRONG_CONFIRMATIONS);
      if (input.username.toLowerCase() !== account.username.toLowerCase())
        throw forbidden(DELETE_WRONG_USERNAME, 'WRONG_USERNAME');
    }
    await this.wrongConfirmations.forgive(`ip:${clientIp}`);
    const deleted = await this.repo.delete(viewer.id, this.after);
    if (!deleted) throw sessionEnded();
    await this.cleanUp(deleted.imageKeys);
    return { message: ACCOUNT_DELETED };
  }
}
