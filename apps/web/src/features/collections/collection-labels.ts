import { formatDollars } from '@printmarket/shared/money';
import type { CollectionPricing, CollectionSummary } from '@printmarket/shared/types';

/** How the collection is sold, in words: 'Free', '$12.50 one-time', '$4.00 per month'. */
export function collectionPriceText(pricing: CollectionPricing): string {
  if (pricing.subscription) return `${formatDollars(pricing.subscriptionPrice)} per month`;
  if (!pricing.free && pricing.oneTimePurchase > 0)
    return `${formatDollars(pricing.oneTimePurchase)} one-time`;
  return 'Free';
}

/** How a collection is sold, in a few words for its card on the dashboard: '$5.00 one-time · Subscription'. */
export function collectionCardPriceText(pricing: CollectionPricing): string {
  if (pricing.free) return 'Free';
  const parts: string[] = [];
  if (pricing.oneTimePurchase > 0) parts.push(`${formatDollars(pricing.oneTimePurchase)} one-time`);
  if (pricing.subscription) parts.push('Subscription');
  return parts.join(' · ') || 'Free';
}

export function designCountText(count: number): string {
  return count === 1 ? '1 design' : `${count} designs`;
}

export function collectionPath(collection: Pick<CollectionSummary, 'id'>): string {
  return `/collection/${encodeURIComponent(collection.id)}`;
}

/**
 * The pictures a collection preview steps through (docs/product.md#design-page: the first image of each
 * design); designs without a picture are skipped.
 */
export function designPreviewImages(
  collection: Pick<CollectionSummary, 'designs'>,
): { designId: string; url: string }[] {
  const images: { designId: string; url: string }[] = [];
  for (const design of collection.designs) {
    const image = design.files.find((file) => file.type === 'image');
    if (image) images.push({ designId: design.id, url: image.url });
  }
  return images;
}

/** The collection's cover, else the first picture of its first design that has one. */
export function collectionCover(
  collection: Pick<CollectionSummary, 'coverImageUrl' | 'designs'>,
): string | null {
  return collection.coverImageUrl || (designPreviewImages(collection)[0]?.url ?? null);
}
