import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { rootKeys } from '@/lib/query-keys.ts';
import { purchaseKeys } from './keys.ts';

// partialMatchKey is how TanStack Query decides which cached queries an invalidation reaches.
describe('purchaseKeys', () => {
  it('files the bought design under the designs root, so refreshing designs refreshes it', () => {
    expect(partialMatchKey(purchaseKeys.design('d1', 'u1'), rootKeys.designs)).toBe(true);
    expect(partialMatchKey(purchaseKeys.design('d1', 'u1'), purchaseKeys.all)).toBe(false);
  });

  it('files the purchase lists under the purchases root', () => {
    expect(partialMatchKey(purchaseKeys.mine, purchaseKeys.all)).toBe(true);
  });
});
