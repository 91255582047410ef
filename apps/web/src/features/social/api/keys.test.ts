import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { rootKeys } from '@/lib/query-keys.ts';
import { socialKeys } from './keys.ts';

// partialMatchKey is how TanStack Query decides which cached queries an invalidation reaches.
describe('socialKeys', () => {
  it("files a person's designs under the designs root, so an upload or an edit refreshes them", () => {
    expect(partialMatchKey(socialKeys.userDesigns('Maker', 'newest'), rootKeys.designs)).toBe(true);
  });

  it('finds a profile whatever the case of the name, as the server does', () => {
    expect(socialKeys.profile('Maker')).toEqual(socialKeys.profile('maker'));
    expect(socialKeys.publicProfile('MAKER')).toEqual(socialKeys.publicProfile('maker'));
    expect(socialKeys.userDesigns('Maker', 'newest')).toEqual(socialKeys.userDesigns('maker', 'newest'));
  });
});
