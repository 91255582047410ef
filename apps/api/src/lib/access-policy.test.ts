import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLLECTIONS_SEEN_BY_ANYONE,
  type CollectionAccessFacts,
  mayChangeCollection,
  mayChangeDesign,
  mayDownloadCollection,
  mayDownloadDesign,
  mayResumeSubscription,
  maySubscribe,
  mayViewCollection,
  paysForHeldItem,
} from './access-policy.ts';
import type { Viewer } from './auth-context.ts';

const owner: Viewer = { id: 'owner', username: 'Owner', sessionId: 's1' };
const maker: Viewer = { id: 'maker', username: 'Maker', sessionId: 's2' };

describe('access policy for designs', () => {
  it('lets visitors download nothing, signed-in people free designs, and only owners paid ones', () => {
    const free = { ownerId: 'owner', isPaid: false };
    const paid = { ownerId: 'owner', isPaid: true };
    expect(mayDownloadDesign(null, free)).toEqual({ allowed: false, reason: 'sign-in' });
    expect(mayDownloadDesign(null, paid)).toEqual({ allowed: false, reason: 'sign-in' });
    expect(mayDownloadDesign(maker, free)).toEqual({ allowed: true });
    expect(mayDownloadDesign(maker, paid)).toEqual({ allowed: false, reason: 'purchase-required' });
    expect(mayDownloadDesign(owner, paid)).toEqual({ allowed: true });
  });

  it('never lets anyone but the owner change a design', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (viewerId, ownerId, isPaid) => {
        const viewer = { id: viewerId, username: 'x', sessionId: 's' };
        expect(mayChangeDesign(viewer, { ownerId, isPaid })).toBe(viewerId === ownerId);
        expect(mayChangeDesign(null, { ownerId, isPaid })).toBe(false);
      }),
    );
  });
});

describe('access policy for collections', () => {
  const collection = (
    pricingType: CollectionAccessFacts['pricingType'],
    visibility: 'public' | 'private' = 'public',
  ) => ({
    ownerId: 'owner',
    visibility,
    archived: false,
    pricingType,
  });

  it('gives a free collection to signed-in people, a paid one to its owner, nothing to visitors', () => {
    expect(mayDownloadCollection(null, collection('free'))).toEqual({ allowed: false, reason: 'sign-in' });
    expect(mayDownloadCollection(maker, collection('free'))).toEqual({ allowed: true });
    for (const paid of ['oneTime', 'subscription'] as const) {
      expect(mayDownloadCollection(maker, collection(paid))).toEqual({
        allowed: false,
        reason: 'purchase-required',
      });
      expect(mayDownloadCollection(owner, collection(paid))).toEqual({ allowed: true });
    }
    // A private collection grants nothing to others, even when free.
    expect(mayDownloadCollection(maker, collection('free', 'private')).allowed).toBe(false);
    expect(mayDownloadCollection(owner, collection('free', 'private')).allowed).toBe(true);
  });

  it('lets a design in a collection be downloaded when it is free or the collection grants access', () => {
    const paidDesign = (c: ReturnType<typeof collection> | null) => ({
      ownerId: 'owner',
      isPaid: true,
      collection: c,
    });
    expect(mayDownloadDesign(maker, paidDesign(collection('free'))).allowed).toBe(true);
    expect(mayDownloadDesign(maker, paidDesign(collection('oneTime'))).allowed).toBe(false);
    expect(mayDownloadDesign(maker, paidDesign(collection('free', 'private'))).allowed).toBe(false);
    expect(mayDownloadDesign(null, paidDesign(collection('free'))).allowed).toBe(false);
    expect(
      mayDownloadDesign(maker, { ownerId: 'owner', isPaid: false, collection: collection('oneTime') })
        .allowed,
    ).toBe(true);
  });

  it('never lets anyone but the owner change a collection', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (viewerId, ownerId) => {
        expect(mayChangeCollection({ id: viewerId, username: 'x', sessionId: 's' }, { ownerId })).toBe(
          viewerId === ownerId,
        );
        expect(mayChangeCollection(null, { ownerId })).toBe(false);
      }),
    );
  });
});

describe('one charge per item', () => {
  const later = new Date('2030-01-01T00:00:00Z');
  const now = new Date('2029-06-01T00:00:00Z');
  const subscription = (status: 'active' | 'canceled') => ({
    id: 'sub',
    status,
    endDate: later,
    planId: 'p',
    planName: 'Plan',
    planType: 'monthly' as const,
  });
  const nothing = { purchased: false, subscription: null };

  it('points a subscriber whose canceled subscription still runs to Resume, not a second subscription', () => {
    const facts = {
      ownerId: 'owner',
      visibility: 'public' as const,
      pricingType: 'subscription' as const,
      archived: false,
      sellerReady: true,
      planCoversIt: true,
    };
    expect(maySubscribe(maker, { ...facts, viewerHolding: nothing })).toEqual({ allowed: true });
    expect(
      maySubscribe(maker, {
        ...facts,
        viewerHolding: { purchased: false, subscription: subscription('canceled') },
      }),
    ).toEqual({
      allowed: false,
      reason: 'resume-instead',
    });
    expect(
      maySubscribe(maker, {
        ...facts,
        viewerHolding: { purchased: false, subscription: subscription('active') },
      }),
    ).toEqual({
      allowed: false,
      reason: 'already-owned',
    });
  });

  it('refunds a payment for a design, collection or subscription already held', () => {
    const held = { purchased: false, subscription: subscription('canceled') };
    expect(paysForHeldItem({ kind: 'design', viewerBought: true, collectionHolding: nothing })).toBe(true);
    expect(paysForHeldItem({ kind: 'design', viewerBought: false, collectionHolding: held })).toBe(true);
    expect(paysForHeldItem({ kind: 'design', viewerBought: false, collectionHolding: nothing })).toBe(false);
    expect(paysForHeldItem({ kind: 'collection', holding: { purchased: true, subscription: null } })).toBe(
      true,
    );
    // A subscription does not make a one-time purchase of the collection a duplicate.
    expect(paysForHeldItem({ kind: 'collection', holding: held })).toBe(false);
    expect(paysForHeldItem({ kind: 'subscription', holding: held })).toBe(true);
    expect(paysForHeldItem({ kind: 'subscription', holding: nothing })).toBe(false);
  });

  it('resumes only the subscriber’s canceled subscription before its end', () => {
    const mine = { holderId: maker.id, status: 'canceled' as const, endDate: later };
    expect(mayResumeSubscription(maker, mine, now)).toEqual({ allowed: true });
    expect(mayResumeSubscription(owner, mine, now)).toEqual({ allowed: false, reason: 'not-found' });
    expect(mayResumeSubscription(null, mine, now)).toEqual({ allowed: false, reason: 'not-found' });
    expect(mayResumeSubscription(maker, { ...mine, status: 'active' }, now)).toEqual({
      allowed: false,
      reason: 'not-resumable',
    });
    expect(mayResumeSubscription(maker, { ...mine, status: 'ended' }, now)).toEqual({
      allowed: false,
      reason: 'not-resumable',
    });
    expect(mayResumeSubscription(maker, mine, new Date('2031-01-01'))).toEqual({
      allowed: false,
      reason: 'not-resumable',
    });
  });
});

describe('what anyone may see', () => {
  it('names exactly the collections mayViewCollection shows a visitor who holds nothing', () => {
    for (const visibility of ['public', 'private'] as const) {
      for (const archived of [false, true]) {
        const seen = mayViewCollection(null, { ownerId: 'owner', visibility, archived });
        const listed =
          visibility === COLLECTIONS_SEEN_BY_ANYONE.visibility &&
          archived === COLLECTIONS_SEEN_BY_ANYONE.archived;
        expect(listed, `${visibility}, archived: ${archived}`).toBe(seen);
      }
    }
  });
});
