import type { CollectionPricing, CollectionViewerAccess, DesignDetail } from '@printmarket/shared/types';
import { describe, expect, it } from 'vitest';
import { collectionOffer, designPanelActions, subscriptionStandingText } from './purchase-offers.ts';

type DesignAccess = Parameters<typeof designPanelActions>[0];

const design = (change: Partial<DesignDetail> = {}): DesignAccess => ({
  isPaid: true,
  price: 4.99,
  canDownload: false,
  canPurchase: false,
  collection: null,
  ...change,
});
const inCollection = { collection: { _id: 'c1', id: 'c1', name: 'Desk Set' } };

describe('design panel actions', () => {
  it('downloads a design the viewer may have, and a free one for visitors (who are asked to sign in)', () => {
    expect(designPanelActions(design({ canDownload: true }), true)).toEqual(['download']);
    expect(designPanelActions(design({ isPaid: false, price: 0 }), false)).toEqual(['download']);
    expect(designPanelActions(design({ canDownload: true, ...inCollection }), true)).toEqual(['download']);
  });

  it("offers 'Buy Model' to visitors, and to signed-in people when the server says it is for sale", () => {
    expect(designPanelActions(design(), false)).toEqual(['buy']);
    expect(designPanelActions(design({ canPurchase: true }), true)).toEqual(['buy']);
  });

  it("shows the disabled 'Paid Design' when a signed-in person can neither download nor buy it", () => {
    expect(designPanelActions(design(), true)).toEqual(['paid-design']);
  });

  it('within a collection: the collection link replaces the purchase button, unless sold on its own too', () => {
    expect(designPanelActions(design(inCollection), true)).toEqual(['view-collection']);
    expect(designPanelActions(design(inCollection), false)).toEqual(['view-collection']);
    expect(designPanelActions(design({ ...inCollection, canPurchase: true }), true)).toEqual([
      'view-collection',
      'buy',
    ]);
  });
});

const oneTime: CollectionPricing = {
  free: false,
  subscription: false,
  oneTimePurchase: 7,
  subscriptionPrice: 0,
};
const bySubscription: CollectionPricing = {
  free: false,
  subscription: true,
  oneTimePurchase: 0,
  subscriptionPrice: 4,
};
const free: CollectionPricing = { free: true, subscription: false, oneTimePurchase: 0, subscriptionPrice: 0 };
const access = (change: Partial<CollectionViewerAccess> = {}): CollectionViewerAccess => ({
  canDownload: false,
  canPurchase: false,
  canSubscribe: false,
  purchased: false,
  subscription: null,
  ...change,
});

describe('collection offer', () => {
  it('downloads for the owner, a free collection, and whoever the server lets download', () => {
    expect(collectionOffer({ pricing: oneTime, access: access() }, true, true).download).toBe(true);
    expect(collectionOffer({ pricing: free }, false, false)).toMatchObject({
      download: true,
      purchase: false,
    });
    expect(
      collectionOffer(
        { pricing: oneTime, access: access({ canDownload: true, purchased: true }) },
        true,
        false,
      ),
    ).toMatchObject({ download: true, purchase: false, subscribe: false, unavailable: false });
  });

  it('shows visitors what the collection is sold for (the server decides nothing for them)', () => {
    expect(collectionOffer({ pricing: oneTime, access: access() }, false, false)).toMatchObject({
      download: false,
      purchase: true,
      subscribe: false,
    });
    expect(collectionOffer({ pricing: bySubscription, access: access() }, false, false)).toMatchObject({
      purchase: false,
      subscribe: true,
    });
  });

  it("follows the server's access for signed-in people, and says why when nothing is open", () => {
    expect(
      collectionOffer({ pricing: oneTime, access: access({ canPurchase: true }) }, true, false),
    ).toMatchObject({ purchase: true, subscribe: false, unavailable: false });
    expect(
      collectionOffer({ pricing: bySubscription, access: access({ canSubscribe: true }) }, true, false),
    ).toMatchObject({ purchase: false, subscribe: true, unavailable: false });
    expect(collectionOffer({ pricing: oneTime, access: access() }, true, false)).toMatchObject({
      download: false,
      purchase: false,
      subscribe: false,
      unavailable: true,
    });
  });

  it('offers Resume, never a second subscription, to a subscriber whose canceled subscription still runs', () => {
    const subscription = { ...held, status: 'canceled' as const };
    const offer = collectionOffer(
      { pricing: bySubscription, access: access({ canDownload: true, canSubscribe: false, subscription }) },
      true,
      false,
    );
    expect(offer).toMatchObject({ download: true, subscribe: false, resume: true, subscription });
    const renewing = collectionOffer(
      { pricing: bySubscription, access: access({ canDownload: true, subscription: held }) },
      true,
      false,
    );
    expect(renewing).toMatchObject({ subscribe: false, resume: false });
  });
});

const held = {
  id: 's1',
  status: 'active' as const,
  endDate: '2026-05-09T12:00:00.000Z',
  planId: 'p1',
  planName: 'Maker Plan',
  planType: 'monthly' as const,
};

describe('subscription standing', () => {
  it("names the plan: 'Subscribed to … — renews' while active, 'Access until {date}' once canceled", () => {
    expect(subscriptionStandingText(held)).toBe('Subscribed to Maker Plan (monthly) — renews May 9, 2026');
    expect(subscriptionStandingText({ ...held, status: 'canceled' })).toBe(
      'Maker Plan (monthly), canceled — Access until May 9, 2026',
    );
    expect(subscriptionStandingText(null)).toBeNull();
  });
});
