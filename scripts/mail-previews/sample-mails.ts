// Every mail the app sends, composed by the app's own code from made-up facts, for the previews in
// docs/mails (npm run mail-previews).
import { feeSplit } from '@printmarket/shared/money';
import { composeMail, type MailContent } from '../../apps/api/src/lib/mail/compose-mail.ts';
import {
  addressChangingMail,
  confirmNewAddressMail,
} from '../../apps/api/src/modules/email-change/email-change-mails.ts';
import { confirmAddressMail } from '../../apps/api/src/modules/email-verification/confirmation-mail.ts';
import * as notices from '../../apps/api/src/modules/notifications/notifications-mails.ts';
import {
  resetLinkMail,
  signInWithGoogleMail,
} from '../../apps/api/src/modules/password-reset/reset-mails.ts';

const publicUrl = 'https://printmarket.example';
const brand = { companyName: 'PrintMarket LLC', contactEmail: 'support@printmarket.example', publicUrl };
const links = (kind: string) => ({
  publicUrl,
  unsubscribeUrl: `${publicUrl}/unsubscribe?token=2f9c1e4a-7b1d-4a57-9e0c-3d1f6b2a8c41.${kind}.Qm8xY2lRZ3BvS1dmTnRz`,
});
const token = 'q0p7yTzv1XbG3f2sY8nQeW5rJk4LmHc9-example';
const subscription = {
  planName: 'Terrain Club',
  collectionName: 'Alpine Terrain Pack',
  subscriberUsername: 'PrintPal',
  sellerUsername: 'GearheadGus',
  priceCents: 500,
  planType: 'monthly' as const,
  endDate: new Date('2026-12-24T12:00:00Z'),
};
const receipt = {
  reference: '8d3f2a91-4c6e-4f0b-9a1d-2e7b5c8f0a13',
  itemName: 'Alpine Terrain Tile',
  buyerUsername: 'PrintPal',
  sellerUsername: 'GearheadGus',
  priceCents: 350,
  paidAt: new Date('2026-11-26T12:00:00Z'),
};

const mails: Record<string, MailContent> = {
  'confirm-address': confirmAddressMail('PrintPal', publicUrl, token),
  'reset-password': resetLinkMail('PrintPal', publicUrl, token),
  'sign-in-with-google': signInWithGoogleMail('PrintPal', publicUrl),
  'confirm-new-address': confirmNewAddressMail('PrintPal', publicUrl, token),
  'address-changing': addressChangingMail('PrintPal', publicUrl, 'new.address@example.com'),
  sale: notices.saleMail(
    {
      purchaseId: receipt.reference,
      itemName: receipt.itemName,
      kind: 'design',
      buyerUsername: 'PrintPal',
      sellerUsername: 'GearheadGus',
      split: feeSplit(350),
    },
    links('sale'),
  ),
  'purchase-receipt': notices.purchaseReceiptMail(receipt, links('receipt')),
  'subscription-receipt': notices.subscriptionReceiptMail(
    { ...receipt, reference: 'in_1QX8a2LkdIwHu7ix', itemName: 'Terrain Club', priceCents: 500 },
    links('receipt'),
  ),
  'new-subscriber': notices.newSubscriberMail(subscription, links('newSubscriber')),
  'subscriber-cancelled': notices.subscriberCancelledMail(subscription, links('subscriberCancelled')),
  'subscription-ending': notices.subscriptionEndingMail(subscription, links('subscriptionEnding')),
  'new-follower': notices.newFollowersMail('GearheadGus', ['PrintPal'], 1, links('newFollower')),
  'new-followers': notices.newFollowersMail(
    'GearheadGus',
    [
      'PrintPal',
      'ResinRita',
      'MakerMo',
      'LayerLab',
      'FilamentFinn',
      'BrimBea',
      'NozzleNed',
      'SkirtSam',
      'RaftRay',
      'InfillIda',
    ],
    14,
    links('newFollower'),
  ),
};

/** Each mail's name, subject and HTML part, as the transport would send it. */
export const previews = Object.entries(mails).map(([name, content]) => {
  const mail = composeMail('someone@example.com', content, brand);
  return { name, subject: mail.subject, html: mail.html };
});
