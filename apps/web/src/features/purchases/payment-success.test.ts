import type { CollectionSummary, DesignDetail } from '@printmarket/shared/types';
import { describe, expect, it } from 'vitest';
import { testCard, testImage } from '@/test/design-card.ts';
import {
  collectionItem,
  designItem,
  PURCHASE_PREVIEW_DESIGNS,
  parseSuccessParams,
  pollOutcome,
} from './payment-success.ts';

describe('success address', () => {
  it('reads purchaseType, itemId and session_id', () => {
    expect(
      parseSuccessParams(new URLSearchParams('purchaseType=subscription&itemId=c1&session_id=cs_1')),
    ).toEqual({ purchaseType: 'subscription', itemId: 'c1', sessionId: 'cs_1' });
  });

  it('is missing details when any of the three is absent or the type is unknown', () => {
    for (const query of [
      'itemId=c1&session_id=cs_1',
      'purchaseType=design&session_id=cs_1',
      'purchaseType=design&itemId=d1',
      'purchaseType=gift&itemId=d1&session_id=cs_1',
      'purchaseType=design&itemId=%20&session_id=cs_1',
    ]) {
      expect(parseSuccessParams(new URLSearchParams(query))).toBeNull();
    }
  });
});

describe('poll outcome', () => {
  it('waits while the checkout is open (or not answered yet) and time is left', () => {
    expect(pollOutcome({ status: undefined, failed: false, timedOut: false })).toBe('waiting');
    expect(pollOutcome({ status: 'open', failed: false, timedOut: false })).toBe('waiting');
  });

  it('is complete once the server recorded the payment, even after the time ran out', () => {
    expect(pollOutcome({ status: 'complete', failed: false, timedOut: false })).toBe('complete');
    expect(pollOutcome({ status: 'complete', failed: false, timedOut: true })).toBe('complete');
  });

  it('falls back to My Purchases when canceled, failed or out of time', () => {
    expect(pollOutcome({ status: 'canceled', failed: false, timedOut: false })).toBe('fallback');
    expect(pollOutcome({ status: undefined, failed: true, timedOut: false })).toBe('fallback');
    expect(pollOutcome({ status: 'open', failed: false, timedOut: true })).toBe('fallback');
  });
});

const card = (id: string, image: boolean) =>
  testCard(id, { files: image ? [testImage(id, `/uploads/${id}.webp`)] : [] });

describe('purchased item preview', () => {
  it('shows up to 4 designs of a bought collection, each by its first picture', () => {
    const designs = ['a', 'b', 'c', 'd', 'e'].map((id) => card(id, id !== 'b'));
    const item = collectionItem({ id: 'c 1', name: 'Desk Set', designs } as CollectionSummary);
    expect(PURCHASE_PREVIEW_DESIGNS).toBe(4);
    expect(item.name).toBe('Desk Set');
    expect(item.path).toBe('/collection/c%201');
    expect(item.images.map((i) => [i.caption, i.url])).toEqual([
      ['Design a', '/uploads/a.webp'],
      ['Design b', null],
      ['Design c', '/uploads/c.webp'],
      ['Design d', '/uploads/d.webp'],
    ]);
  });

  it("shows a bought design's pictures and links to its page", () => {
    const item = designItem({
      name: 'Gear',
      slug: 'gear',
      user: { _id: 'u1', username: 'maker', profilePicture: null },
      files: [
        {
          _id: 'f1',
          id: 'f1',
          name: 'g.stl',
          type: 'stl',
          url: '/api/x',
          sizeBytes: 1,
          previewUrl: '/uploads/r.webp',
        },
        {
          _id: 'f2',
          id: 'f2',
          name: 'g.webp',
          type: 'image',
          url: '/uploads/g.webp',
          cardUrl: '/uploads/g-card.webp',
          sizeBytes: 1,
        },
      ],
    } as DesignDetail);
    expect(item).toEqual({
      name: 'Gear',
      path: '/design/maker/gear',
      images: [{ key: 'f2', url: '/uploads/g-card.webp', caption: null }],
    });
  });
});
