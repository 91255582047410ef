import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required.';
export const NEW_PASSWORD_SAME = 'The new password must be different from the current one.';

/** The same rules as the sign-up password (docs/product.md#validation: at least 6 characters). */
const newPasswordSchema = z
  .string({ error: 'New password is required.' })
  .min(1, 'New password is required.')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** Body of `POST /api/auth/change-password`. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(PASSWORD_MAX_LENGTH),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The Security form adds the confirmation, checked like the sign-up form's. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z
      .string()
      .min(1, 'Please confirm the new password.')
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordsDiffer,
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: NEW_PASSWORD_SAME,
    path: ['newPassword'],
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** Answer of `POST /api/auth/change-password`. */
export type ChangePasswordResponse = {
  message: string;
  /** How many other signed-in sessions (browsers, devices) were ended. */
  otherSessionsEnded: number;
};
