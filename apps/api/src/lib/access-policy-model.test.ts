import { describe, expect, it } from 'vitest';
import {
  mayBuyDesign,
  mayDeleteCollection,
  mayDownloadDesign,
  mayViewCollection,
  mayViewDesign,
  mayViewModel,
} from './access-policy.ts';
import type { Viewer } from './auth-context.ts';

const owner: Viewer = { id: 'owner', username: 'Owner', sessionId: 's1' };
const maker: Viewer = { id: 'maker', username: 'Maker', sessionId: 's2' };

describe('access policy for the 3D viewer and collections', () => {
  it('shows free models to everyone and paid ones only to those who may download them', () => {
    const free = { ownerId: 'owner', isPaid: false };
    const paid = { ownerId: 'owner', isPaid: true };
    expect(mayViewModel(null, free)).toEqual({ allowed: true });
    expect(mayViewModel(maker, free)).toEqual({ allowed: true });
    expect(mayViewModel(null, paid)).toEqual({ allowed: false, reason: 'sign-in' });
    expect(mayViewModel(maker, paid)).toEqual({ allowed: false, reason: 'purchase-required' });
    expect(mayViewModel(owner, paid)).toEqual({ allowed: true });
  });

  it('keeps private collections to their owner', () => {
    expect(mayViewCollection(null, { ownerId: 'owner', visibility: 'public', archived: false })).toBe(true);
    expect(mayViewCollection(maker, { ownerId: 'owner', visibility: 'private', archived: false })).toBe(
      false,
    );
    expect(mayViewCollection(owner, { ownerId: 'owner', visibility: 'private', archived: false })).toBe(true);
  });

  it('keeps an archived collection to its owner and those who hold it', () => {
    const archived = { ownerId: 'owner', visibility: 'public' as const, archived: true };
    const bought = { purchased: true, subscription: null };
    const subscribed = {
      purchased: false,
      subscription: {
        id: 's',
        status: 'active' as const,
        endDate: new Date(),
        planId: 'p',
        planName: 'Plan',
        planType: 'monthly' as const,
      },
    };
    expect(mayViewCollection(null, archived)).toBe(false);
    expect(mayViewCollection(maker, archived)).toBe(false);
    expect(
      mayViewCollection(maker, { ...archived, viewerHolding: { purchased: false, subscription: null } }),
    ).toBe(false);
    expect(mayViewCollection(owner, archived)).toBe(true);
    expect(mayViewCollection(maker, { ...archived, viewerHolding: bought })).toBe(true);
    expect(mayViewCollection(maker, { ...archived, viewerHolding: subscribed })).toBe(true);
  });

  it('lets the owner delete a collection only while nobody holds it', () => {
    const facts = (buyers: number, activeSubscribers: number) => ({
      ownerId: 'owner',
      buyers,
      activeSubscribers,
    });
    expect(mayDeleteCollection(owner, facts(0, 0))).toEqual({ allowed: true });
    expect(mayDeleteCollection(maker, facts(0, 0))).toEqual({ allowed: false, reason: 'not-owner' });
    expect(mayDeleteCollection(owner, facts(3, 2))).toEqual({
      allowed: false,
      reason: 'held',
      buyers: 3,
      activeSubscribers: 2,
    });
    expect(mayDeleteCollection(owner, facts(0, 1)).allowed).toBe(false);
  });
});

describe('access policy for archived designs (their owner deleted the account)', () => {
  const archivedFree = { ownerId: 'owner', isPaid: false, archived: true };
  const archivedPaid = { ownerId: 'owner', isPaid: true, priceCents: 500, archived: true };
  const sale = { collectionSellsDesignsSeparately: true, sellerReady: true };

  it('keeps page, model and files to those who hold it, free or not', () => {
    for (const design of [archivedFree, archivedPaid]) {
      expect(mayViewDesign(null, design)).toBe(false);
      expect(mayViewDesign(maker, design)).toBe(false);
      expect(mayViewModel(null, design).allowed).toBe(false);
      expect(mayDownloadDesign(maker, design)).toEqual({ allowed: false, reason: 'purchase-required' });
      expect(mayViewDesign(maker, { ...design, viewerBought: true })).toBe(true);
      expect(mayDownloadDesign(maker, { ...design, viewerBought: true })).toEqual({ allowed: true });
    }
    expect(mayViewDesign(maker, { ownerId: 'owner', isPaid: false })).toBe(true);
  });

  it('sells it no more', () => {
    expect(mayBuyDesign(maker, { ...archivedPaid, ...sale })).toEqual({
      allowed: false,
      reason: 'not-for-sale',
    });
    expect(mayBuyDesign(maker, { ...archivedPaid, archived: false, ...sale })).toEqual({ allowed: true });
  });
});
