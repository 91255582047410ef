import { z } from 'zod';

/** How long an email confirmation link works. */
export const VERIFY_LINK_HOURS = 48;

/** The web page a confirmation mail links to, with `?token=`. */
export const VERIFY_EMAIL_PATH = '/verify-email';

export const EMAIL_VERIFIED = 'Your email address is confirmed.';

/** A used, expired or unknown confirmation link. */
export const VERIFY_LINK_INVALID =
  'This confirmation link is invalid, used or expired. Send a new one from your dashboard.';

export const ALREADY_VERIFIED = 'Your email address is already confirmed.';

/** Becoming a seller (payout onboarding) needs a confirmed address: 409 `EMAIL_NOT_VERIFIED`. */
export const VERIFY_BEFORE_PAYOUTS =
  'Confirm your email address before setting up payouts: use the link we sent you, or send a new one from your dashboard.';

export function verificationSent(email: string): string {
  return `We have sent a new confirmation link to ${email}. It works for ${VERIFY_LINK_HOURS} hours.`;
}

/** Body of `POST /api/auth/verify-email`: the token from the link. */
export const verifyEmailSchema = z.object({
  token: z
    .string({ error: VERIFY_LINK_INVALID })
    .trim()
    .min(1, VERIFY_LINK_INVALID)
    .max(200, VERIFY_LINK_INVALID),
});
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** Answer of `POST /api/auth/verify-email`: the message and the address now confirmed. */
export type VerifyEmailResponse = { message: string; email: string };

/** Answer of `POST /api/auth/resend-verification`. */
export type ResendVerificationResponse = { message: string };
