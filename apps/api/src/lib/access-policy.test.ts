import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayChangeDesign, mayDownloadDesign } from './access-policy.ts';
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
