import type { CollectionPricing, DesignCard } from '@printmarket/shared/types';
import { describe, expect, it } from 'vitest';
import {
  collectionCardPriceText,
  collectionCover,
  collectionPriceText,
  designCountText,
  designPreviewImages,
} from './collection-labels.ts';

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

describe('collection card labels', () => {
  it('names how the collection is sold, in a few words', () => {
    expect(collectionCardPriceText(pricing({ free: true }))).toBe('Free');
    expect(collectionCardPriceText(pricing({ oneTimePurchase: 12.5 }))).toBe('$12.50 one-time');
    expect(collectionCardPriceText(pricing({ subscription: true, subscriptionPrice: 4 }))).toBe(
      'Subscription',
    );
    expect(
      collectionCardPriceText(pricing({ subscription: true, oneTimePurchase: 5, subscriptionPrice: 4 })),
    ).toBe('$5.00 one-time · Subscription');
  });

  it('counts designs', () => {
    expect(designCountText(0)).toBe('0 designs');
    expect(designCountText(1)).toBe('1 design');
    expect(designCountText(12)).toBe('12 designs');
  });

  it('uses the cover, else the first design picture, else nothing', () => {
    const design = (files: DesignCard['files']) => ({ id: 'd', files }) as DesignCard;
    const photo = { _id: 'f', name: 'p', type: 'image' as const, url: '/uploads/images/p-card.webp' };
    expect(collectionCover({ coverImageUrl: '/uploads/covers/c.webp', designs: [design([photo])] })).toBe(
      '/uploads/covers/c.webp',
    );
    expect(collectionCover({ coverImageUrl: null, designs: [design([]), design([photo])] })).toBe(photo.url);
    expect(collectionCover({ coverImageUrl: null, designs: [] })).toBeNull();
  });
});
