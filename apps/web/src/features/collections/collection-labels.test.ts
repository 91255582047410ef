import type { CollectionPricing, DesignCard } from '@printmarket/shared/types';
import { describe, expect, it } from 'vitest';
import { collectionPriceText, designPreviewImages } from './collection-labels.ts';

const pricing = (p: Partial<CollectionPricing>): CollectionPricing => ({
  free: false,
  subscription: false,
  oneTimePurchase: 0,
  subscriptionPrice: 0,
  ...p,
});

describe('collectionPriceText', () => {
  it('names the price of each pricing model', () => {
    expect(collectionPriceText(pricing({ free: true }))).toBe('Free');
    expect(collectionPriceText(pricing({ oneTimePurchase: 12.5 }))).toBe('$12.50 one-time');
    expect(collectionPriceText(pricing({ subscription: true, subscriptionPrice: 4 }))).toBe(
      '$4.00 per month',
    );
  });
});

describe('designPreviewImages', () => {
  it('takes the first image of each design and skips designs without one', () => {
    const design = (id: string, files: { type: 'image' | 'stl'; url: string }[]) =>
      ({ id, files }) as unknown as DesignCard;
    const images = designPreviewImages({
      designs: [
        design('a', [
          { type: 'stl', url: '/a.stl' },
          { type: 'image', url: '/a1.webp' },
          { type: 'image', url: '/a2.webp' },
        ]),
        design('b', []),
        design('c', [{ type: 'image', url: '/c1.webp' }]),
      ],
    });
    expect(images).toEqual([
      { designId: 'a', url: '/a1.webp' },
      { designId: 'c', url: '/c1.webp' },
    ]);
  });
});
