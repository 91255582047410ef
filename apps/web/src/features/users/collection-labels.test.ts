import type { DesignCard } from '@printmarket/shared/types';
import { describe, expect, it } from 'vitest';
import { collectionCover, collectionPriceLabel, designCountLabel } from './collection-labels.ts';

const design = (files: DesignCard['files']) => ({ files }) as DesignCard;

describe('collection card labels', () => {
  it('names how the collection is sold', () => {
    expect(
      collectionPriceLabel({ free: true, subscription: false, oneTimePurchase: 0, subscriptionPrice: 0 }),
    ).toBe('Free');
    expect(
      collectionPriceLabel({ free: false, subscription: false, oneTimePurchase: 12.5, subscriptionPrice: 0 }),
    ).toBe('$12.50 one-time');
    expect(
      collectionPriceLabel({ free: false, subscription: true, oneTimePurchase: 0, subscriptionPrice: 4 }),
    ).toBe('Subscription');
    expect(
      collectionPriceLabel({ free: false, subscription: true, oneTimePurchase: 5, subscriptionPrice: 4 }),
    ).toBe('$5.00 one-time · Subscription');
  });

  it('counts designs', () => {
    expect(designCountLabel(0)).toBe('0 designs');
    expect(designCountLabel(1)).toBe('1 design');
    expect(designCountLabel(12)).toBe('12 designs');
  });

  it('uses the cover, else the first design picture, else nothing', () => {
    const photo = { _id: 'f', name: 'p', type: 'image' as const, url: '/uploads/images/p-card.webp' };
    expect(collectionCover({ coverImageUrl: '/uploads/covers/c.webp', designs: [design([photo])] })).toBe(
      '/uploads/covers/c.webp',
    );
    expect(collectionCover({ coverImageUrl: null, designs: [design([]), design([photo])] })).toBe(photo.url);
    expect(collectionCover({ coverImageUrl: null, designs: [] })).toBeNull();
  });
});
