import { VERIFY_EMAIL_PATH, VERIFY_LINK_HOURS } from '@printmarket/shared/email-verification';
import type { MailContent } from '../../lib/mail/compose-mail.ts';

/** To the new address: the link that moves the account there. */
export function confirmNewAddressMail(username: string, publicUrl: string, token: string): MailContent {
  return {
    subject: 'Confirm your new email address for PrintMarket',
    greeting: `Hello ${username},`,
    paragraphs: [
      'You asked to use this address for your PrintMarket account. Your account keeps its old address until you confirm this one.',
      `The link works for ${VERIFY_LINK_HOURS} hours and only once.`,
    ],
    action: {
      label: 'Use this address',
      url: `${publicUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`,
    },
    closing: ['If you did not ask for this, you can ignore this mail: nothing changes.'],
  };
}

/** To the old address: a notice, so a stolen session cannot move the account away unseen. */
export function addressChangingMail(username: string, publicUrl: string, newEmail: string): MailContent {
  return {
    subject: 'Your PrintMarket email address is about to change',
    greeting: `Hello ${username},`,
    paragraphs: [
      `Someone signed in to your PrintMarket account asked to change its email address to ${newEmail}. It changes only when the link sent to that address is opened.`,
      'If this was not you, choose a new password now: that signs everyone else out and the change link stays unused.',
    ],
    action: { label: 'Choose a new password', url: `${publicUrl}/forgot-password` },
  };
}
