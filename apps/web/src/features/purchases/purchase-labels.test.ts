import type { SubscriptionSummary } from '@printmarket/shared/payments';
import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canResume,
  orderNumber,
  recentPurchases,
  subscriptionPriceText,
  subscriptionTermText,
} from './purchase-labels.ts';

const subscription = (change: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  _id: 'sub-0001-aaaa',
  collectionId: 'c1',
  collectionName: 'Desk Set',
  planName: 'Maker Club',
  startDate: '2026-01-09T12:00:00.000Z',
  endDate: '2026-05-09T12:00:00.000Z',
  active: true,
  status: 'active',
  planType: 'monthly',
  price: 4,
  ...change,
});

describe('purchase labels', () => {
  it('uses the first 9 characters of the id as the order number', () => {
    expect(orderNumber('0195f3c2-7a4e-7c1d-9b1e-2f3a4b5c6d7e')).toBe('0195f3c2-');
    expect(orderNumber('abc')).toBe('abc');
  });

  it("says 'Renews monthly' or 'Renews yearly' while a subscription renews", () => {
    expect(subscriptionTermText(subscription())).toBe('Renews monthly');
    expect(subscriptionTermText(subscription({ planType: 'yearly' }))).toBe('Renews yearly');
  });

  it("says 'Ends: {date}' once canceled, and 'Ends: N/A' without a date", () => {
    const canceled = subscription({ active: false, status: 'canceled' });
    expect(subscriptionTermText(canceled)).toBe('Ends: May 9, 2026');
    expect(subscriptionTermText({ ...canceled, endDate: '' })).toBe('Ends: N/A');
  });

  it('offers cancelling only while a subscription renews', () => {
    expect(canCancel(subscription())).toBe(true);
    expect(canCancel(subscription({ active: false, status: 'canceled' }))).toBe(false);
    expect(canCancel(subscription({ active: false, status: 'ended' }))).toBe(false);
  });

  it('offers Resume only on a canceled subscription with time left', () => {
    const now = new Date('2026-05-01T00:00:00.000Z');
    const endDate = '2026-05-09T12:00:00.000Z';
    expect(canResume(subscription({ status: 'canceled', endDate }), now)).toBe(true);
    expect(canResume(subscription({ status: 'canceled', endDate }), new Date('2026-06-01'))).toBe(false);
    expect(canResume(subscription({ status: 'active', endDate }), now)).toBe(false);
    expect(canResume(subscription({ status: 'ended', endDate }), now)).toBe(false);
  });

  it('shows the price per period', () => {
    expect(subscriptionPriceText(subscription())).toBe('$4.00 / month');
    expect(subscriptionPriceText(subscription({ planType: 'yearly', price: 40 }))).toBe('$40.00 / year');
  });

  it('merges design and collection purchases, newest first, with links to what still exists', () => {
    const lines = recentPurchases(
      {
        designPurchases: [
          {
            _id: 'p1',
            purchaseDate: '2026-01-01T00:00:00.000Z',
            pricePaid: 2,
            designId: 'd1',
            name: 'Gear',
            path: '/design/maker/gear',
          },
          {
            _id: 'p2',
            purchaseDate: '2026-03-01T00:00:00.000Z',
            pricePaid: 3,
            designId: null,
            name: 'Gone',
            path: null,
          },
        ],
        collectionPurchases: [
          {
            _id: 'p3',
            purchaseDate: '2026-02-01T00:00:00.000Z',
            pricePaid: 7,
            designId: null,
            collectionId: 'c1',
            name: 'Desk Set',
            path: null,
          },
        ],
      },
      2,
    );
    expect(lines.map((l) => [l.name, l.kind, l.path])).toEqual([
      ['Gone', 'design', null],
      ['Desk Set', 'collection', '/collection/c1'],
    ]);
  });

  it('lists refunded payments among them, marked refunded', () => {
    const lines = recentPurchases(
      {
        designPurchases: [],
        collectionPurchases: [],
        refunds: [
          {
            _id: 'r1',
            kind: 'subscription',
            name: 'Maker Plan',
            amount: 5,
            reason: 'duplicate',
            refundDate: '2026-02-01T00:00:00.000Z',
          },
        ],
      },
      5,
    );
    expect(lines).toEqual([
      expect.objectContaining({ name: 'Maker Plan', kind: 'subscription', refunded: 'duplicate' }),
    ]);
  });
});
