import { RESET_LINK_MINUTES, RESET_PASSWORD_PATH } from '@printmarket/shared/password-reset';
import type { MailContent } from '../../lib/mail/compose-mail.ts';

/** The mail with the link that sets a new password. */
export function resetLinkMail(username: string, publicUrl: string, token: string): MailContent {
  return {
    subject: 'Choose a new PrintMarket password',
    greeting: `Hello ${username},`,
    paragraphs: [
      'Someone asked to reset the password of your PrintMarket account. If it was you, choose a new password with the link below.',
      `The link works for ${RESET_LINK_MINUTES} minutes and only once. Choosing a new password signs you out everywhere.`,
    ],
    action: {
      label: 'Choose a new password',
      url: `${publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`,
    },
    closing: ['If you did not ask for this, you can ignore this mail: your password stays as it is.'],
  };
}

/** An account without a password asked for a reset: it signs in with Google. */
export function signInWithGoogleMail(username: string, publicUrl: string): MailContent {
  return {
    subject: 'How you sign in to PrintMarket',
    greeting: `Hello ${username},`,
    paragraphs: [
      'Someone asked to reset the password of your PrintMarket account. Your account has no password: you sign in with Google, with the Google account of this address.',
    ],
    action: { label: 'Sign in with Google', url: `${publicUrl}/signin` },
    closing: ['If you did not ask for this, you can ignore this mail.'],
  };
}
