import { describe, expect, it } from 'vitest';
import { mayViewCollection, mayViewModel } from './access-policy.ts';
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
    expect(mayViewCollection(null, { ownerId: 'owner', visibility: 'public' })).toBe(true);
    expect(mayViewCollection(maker, { ownerId: 'owner', visibility: 'private' })).toBe(false);
    expect(mayViewCollection(owner, { ownerId: 'owner', visibility: 'private' })).toBe(true);
  });
});
