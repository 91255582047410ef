import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { rootKeys } from '@/lib/query-keys.ts';
import { collectionKeys } from './keys.ts';

// partialMatchKey is how TanStack Query decides which cached queries an invalidation reaches.
describe('collectionKeys', () => {
  it('files collection pages under the shared root that a change of subscription refreshes', () => {
    expect(partialMatchKey(collectionKeys.detail('c1', 'u1'), rootKeys.collectionPages)).toBe(true);
    expect(partialMatchKey(collectionKeys.detail('c1', null), collectionKeys.all)).toBe(true);
  });

  it("reaches every viewer's copy of one collection page and no other collection's", () => {
    const anyViewer = collectionKeys.detailForAnyViewer('c1');
    expect(partialMatchKey(collectionKeys.detail('c1', 'u1'), anyViewer)).toBe(true);
    expect(partialMatchKey(collectionKeys.detail('c1', null), anyViewer)).toBe(true);
    expect(partialMatchKey(collectionKeys.detail('c2', 'u1'), anyViewer)).toBe(false);
  });

  it("keeps the creator's list apart from the pages, which a change updates from its answer", () => {
    expect(partialMatchKey(collectionKeys.mine, collectionKeys.all)).toBe(true);
    expect(partialMatchKey(collectionKeys.mine, collectionKeys.details)).toBe(false);
  });
});
