import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { PASSWORD_MAX_LENGTH } from './constants.ts';

export const EMAIL_PASSWORD_REQUIRED = 'Enter your password to change your email address.';
export const SAME_EMAIL = 'That is already your email address.';
export const WRONG_PASSWORD_FOR_EMAIL = 'Your password is incorrect.';
export const GOOGLE_EMAIL_FIXED =
  'This account signs in with Google: its email address is the one of your Google account.';

/** The answer once the confirmation link is on its way to the new address. */
export function emailChangeSent(newEmail: string): string {
  return `We have sent a confirmation link to ${newEmail}. Your address changes when you open it.`;
}

/** What the confirmation screen says once the account moved to the new address. */
export function emailChanged(newEmail: string): string {
  return `Your email address is now ${newEmail}.`;
}

/** Body of `POST /api/auth/change-email`. */
export const changeEmailSchema = z.object({
  newEmail: emailSchema,
  password: z
    .string({ error: EMAIL_PASSWORD_REQUIRED })
    .min(1, EMAIL_PASSWORD_REQUIRED)
    .max(PASSWORD_MAX_LENGTH),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export type ChangeEmailResponse = { message: string };
