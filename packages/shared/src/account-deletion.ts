import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from './constants.ts';

export const DELETE_CONFIRMATION_REQUIRED = 'Enter your password to delete your account.';
export const DELETE_WRONG_PASSWORD = 'Your password is incorrect.';
export const DELETE_WRONG_USERNAME = 'That is not your username.';
/** Answered (403, code NO_PASSWORD) when a password is sent for an account without one. */
export const DELETE_CONFIRM_WITH_USERNAME =
  'This account signs in with Google: type your username to confirm instead.';
export const ACCOUNT_DELETED = 'Your account has been deleted.';

/**
 * What deleting an account does, as Settings and the privacy policy say it (the API does exactly
 * this; docs/api.md).
 */
export const ACCOUNT_DELETION_EFFECTS = [
  'You are signed out everywhere, and your profile, likes and follows are removed.',
  'Your designs and collections are no longer shown to anyone.',
  'People who bought your designs or collections keep the files they paid for.',
  'Subscriptions to your plans stop renewing and end at the close of the period already paid; your own subscriptions stop renewing too.',
  'Your username stays reserved, so nobody else can take it.',
] as const;

/**
 * Body of `DELETE /api/user/account`: the password, or for an account that signs in only with
 * Google (it has none) the username.
 */
export const deleteAccountSchema = z.union(
  [
    z.strictObject({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) }),
    z.strictObject({ username: z.string().min(1).max(USERNAME_MAX_LENGTH) }),
  ],
  { error: DELETE_CONFIRMATION_REQUIRED },
);
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export type DeleteAccountResponse = { message: string };
