import { formatLongDate } from '@printmarket/shared/en-format';
import { type FeeSplit, formatCents } from '@printmarket/shared/money';
import { pagePaths } from '@printmarket/shared/page-paths';
import type { MailContent } from '../../lib/mail/compose-mail.ts';

/** Where a mail's links go, and the address that turns this kind of mail off. */
export type MailLinks = { publicUrl: string; unsubscribeUrl: string };

/** The spec's order number: the first 9 characters of the purchase's id. */
const orderNumber = (purchaseId: string) => purchaseId.slice(0, 9);

export type SaleFacts = {
  purchaseId: string;
  itemName: string;
  kind: 'design' | 'collection';
  buyerUsername: string;
  sellerUsername: string;
  split: FeeSplit;
};

export function saleMail(sale: SaleFacts, links: MailLinks): MailContent {
  const { split } = sale;
  return {
    subject: `You sold ${sale.itemName}`,
    greeting: `Hello ${sale.sellerUsername},`,
    paragraphs: [
      `${sale.buyerUsername} bought your ${sale.kind} ${sale.itemName} for ${formatCents(split.priceCents)} (order ${orderNumber(sale.purchaseId)}).`,
      `Your share is ${formatCents(split.creatorCents)}: the platform fee is ${formatCents(split.platformCents)} and the payment provider's fee ${formatCents(split.providerCents)}.`,
    ],
    action: { label: 'See your earnings', url: `${links.publicUrl}/seller-dashboard` },
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

export type ReceiptFacts = {
  /** The purchase's id, or for a subscription payment the provider's invoice id. */
  reference: string;
  itemName: string;
  buyerUsername: string;
  sellerUsername: string;
  priceCents: number;
  paidAt: Date;
};

export function purchaseReceiptMail(receipt: ReceiptFacts, links: MailLinks): MailContent {
  return {
    subject: `Your receipt for ${receipt.itemName}`,
    greeting: `Hello ${receipt.buyerUsername},`,
    paragraphs: [
      `Thank you for your purchase. Order ${orderNumber(receipt.reference)}, ${formatLongDate(receipt.paidAt)}:`,
      `${receipt.itemName} by ${receipt.sellerUsername}: ${formatCents(receipt.priceCents)}.`,
      'The files are yours to download whenever you like.',
    ],
    action: { label: 'My Purchased Files', url: `${links.publicUrl}/MyPurchases` },
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

export function subscriptionReceiptMail(receipt: ReceiptFacts, links: MailLinks): MailContent {
  return {
    subject: `Your receipt for ${receipt.itemName}`,
    greeting: `Hello ${receipt.buyerUsername},`,
    paragraphs: [
      `We received your subscription payment. Invoice ${receipt.reference}, ${formatLongDate(receipt.paidAt)}:`,
      `${receipt.itemName} by ${receipt.sellerUsername}: ${formatCents(receipt.priceCents)}.`,
    ],
    action: { label: 'My Purchased Files', url: `${links.publicUrl}/MyPurchases` },
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

export type SubscriptionFacts = {
  planName: string;
  collectionName: string;
  subscriberUsername: string;
  sellerUsername: string;
  priceCents: number;
  planType: 'monthly' | 'yearly';
  endDate: Date;
};

const per = (s: SubscriptionFacts) => (s.planType === 'yearly' ? 'a year' : 'a month');

export function newSubscriberMail(s: SubscriptionFacts, links: MailLinks): MailContent {
  return {
    subject: `${s.subscriberUsername} subscribed to ${s.planName}`,
    greeting: `Hello ${s.sellerUsername},`,
    paragraphs: [
      `${s.subscriberUsername} subscribed to your plan ${s.planName} (${s.collectionName}) for ${formatCents(s.priceCents)} ${per(s)}.`,
    ],
    action: { label: 'See your subscribers', url: `${links.publicUrl}/seller-dashboard` },
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

export function subscriberCancelledMail(s: SubscriptionFacts, links: MailLinks): MailContent {
  return {
    subject: `${s.subscriberUsername} cancelled their subscription to ${s.planName}`,
    greeting: `Hello ${s.sellerUsername},`,
    paragraphs: [
      `${s.subscriberUsername} cancelled their subscription to your plan ${s.planName} (${s.collectionName}). It ends on ${formatLongDate(s.endDate)}, and does not renew.`,
    ],
    action: { label: 'See your subscribers', url: `${links.publicUrl}/seller-dashboard` },
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

export function subscriptionEndingMail(s: SubscriptionFacts, links: MailLinks): MailContent {
  return {
    subject: `Your subscription to ${s.planName} ends on ${formatLongDate(s.endDate)}`,
    greeting: `Hello ${s.subscriberUsername},`,
    paragraphs: [
      `Your cancelled subscription to ${s.planName} by ${s.sellerUsername} ends on ${formatLongDate(s.endDate)}. Until then you can still download ${s.collectionName}.`,
      'To keep it, resume the subscription from My Purchased Files before then.',
    ],
    action: { label: 'My Purchased Files', url: `${links.publicUrl}/MyPurchases` },
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

/** How many followers a follower mail names; the rest are counted. */
export const FOLLOWERS_NAMED = 10;

export function newFollowersMail(
  creatorUsername: string,
  followers: string[],
  total: number,
  links: MailLinks,
): MailContent {
  const shown = followers.slice(0, FOLLOWERS_NAMED);
  const named = shown.join(', ');
  const others = total - shown.length;
  return {
    subject:
      total === 1 ? `${followers[0]} followed you on PrintMarket` : `${total} new followers on PrintMarket`,
    greeting: `Hello ${creatorUsername},`,
    paragraphs: [
      total === 1
        ? `${followers[0]} now follows you and will see your new designs.`
        : `${named}${others > 0 ? ` and ${others} more` : ''} now follow you and will see your new designs.`,
    ],
    action: { label: 'See your profile', url: `${links.publicUrl}${pagePaths.profile(creatorUsername)}` },
    unsubscribeUrl: links.unsubscribeUrl,
  };
}
