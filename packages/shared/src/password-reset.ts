import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 60;

/** The web page a reset mail links to, with `?token=`. */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * The answer to every accepted `POST /api/auth/forgot-password`, whether or not an account uses the
 * address: the answer must not tell who has an account.
 */
export const FORGOT_PASSWORD_SENT = `If an account uses that address, we have sent it a link to choose a new password. The link works for ${RESET_LINK_MINUTES} minutes.`;

export const PASSWORD_RESET_DONE = 'Your password has been changed. Sign in with your new password.';

/** A used, expired or unknown reset link. */
export const RESET_LINK_INVALID = 'This reset link is invalid, used or expired. Ask for a new one.';

/** Body of `POST /api/auth/forgot-password`. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Body of `POST /api/auth/reset-password`: the token from the link and the new password (sign-up's rules). */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: RESET_LINK_INVALID })
    .trim()
    .min(1, RESET_LINK_INVALID)
    .max(200, RESET_LINK_INVALID),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The reset form adds the confirmation, checked like the sign-up form's. */
export const resetPasswordFormSchema = resetPasswordSchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string().min(1, 'Please confirm the new password.') })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/** What both calls answer on success. */
export type PasswordResetResponse = { message: string };
