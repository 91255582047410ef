import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CollectionAccessFacts,
  mayChangeCollection,
  mayChangeDesign,
  mayDownloadCollection,
  mayDownloadDesign,
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
