import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { rootKeys } from '@/lib/query-keys.ts';
import { designKeys } from './keys.ts';

// partialMatchKey is how TanStack Query decides which cached queries an invalidation reaches.
describe('designKeys', () => {
  const keys = [
    designKeys.list('newest', 1, 20),
    designKeys.detail('Maker', 'vase', 'u1'),
    designKeys.location('vase'),
    designKeys.edit('d1', 'u1'),
    designKeys.mine('u1'),
    designKeys.likedBy('Maker'),
  ];

  it('files every key under the shared designs root, which uploads and purchases refresh', () => {
    for (const key of keys) expect(partialMatchKey(key, rootKeys.designs)).toBe(true);
  });

  it("reaches every viewer's copy of a design page, whatever the case of the owner's name", () => {
    const anyViewer = designKeys.detailForAnyViewer('maker', 'vase');
    expect(partialMatchKey(designKeys.detail('Maker', 'vase', 'u1'), anyViewer)).toBe(true);
    expect(partialMatchKey(designKeys.detail('MAKER', 'vase', null), anyViewer)).toBe(true);
    expect(partialMatchKey(designKeys.detail('maker', 'lamp', null), anyViewer)).toBe(false);
  });

  it('refreshes design pages after a download without touching the lists', () => {
    expect(partialMatchKey(designKeys.detail('maker', 'vase', null), designKeys.details)).toBe(true);
    expect(partialMatchKey(designKeys.list('newest', 1, 20), designKeys.details)).toBe(false);
    expect(partialMatchKey(designKeys.mine('u1'), designKeys.details)).toBe(false);
  });
});
