import { VERIFY_EMAIL_PATH, VERIFY_LINK_HOURS } from '@printmarket/shared/email-verification';
import type { MailContent } from '../../lib/mail/compose-mail.ts';

/** The mail with the link that confirms a new account's address. */
export function confirmAddressMail(username: string, publicUrl: string, token: string): MailContent {
  return {
    subject: 'Confirm your email address for PrintMarket',
    greeting: `Hello ${username},`,
    paragraphs: [
      'Welcome to PrintMarket. Please confirm that this is your email address: you need a confirmed address to sell designs and receive payouts.',
      `The link works for ${VERIFY_LINK_HOURS} hours. You can send a new one from your dashboard.`,
    ],
    action: {
      label: 'Confirm my email address',
      url: `${publicUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`,
    },
    closing: ['If you did not create a PrintMarket account, you can ignore this mail.'],
  };
}
