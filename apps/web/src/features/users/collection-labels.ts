import type { CollectionPricing, CollectionSummary } from '@printmarket/shared/types';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** How a collection is sold, in a few words for its card. */
export function collectionPriceLabel(pricing: CollectionPricing): string {
  if (pricing.free) return 'Free';
  const parts: string[] = [];
  if (pricing.oneTimePurchase > 0) parts.push(`${usd.format(pricing.oneTimePurchase)} one-time`);
  if (pricing.subscription) parts.push('Subscription');
  return parts.join(' · ') || 'Free';
}

export function designCountLabel(count: number): string {
  return count === 1 ? '1 design' : `${count} designs`;
}

/** The collection's cover, else the first picture of its first design that has one. */
export function collectionCover(
  collection: Pick<CollectionSummary, 'coverImageUrl' | 'designs'>,
): string | null {
  if (collection.coverImageUrl) return collection.coverImageUrl;
  for (const design of collection.designs) {
    const image = design.files.find((file) => file.type === 'image');
    if (image) return image.url;
  }
  return null;
}
