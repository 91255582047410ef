import { describe, expect, it } from 'vitest';
import { collectionHeldMessage } from './collections.ts';

describe('collectionHeldMessage', () => {
  it('names buyers and active subscribers, each only when there are some', () => {
    expect(collectionHeldMessage(3, 2)).toBe(
      "This collection can't be deleted: 3 buyers and 2 active subscribers hold it. Archive it instead.",
    );
    expect(collectionHeldMessage(1, 0)).toBe(
      "This collection can't be deleted: 1 buyer holds it. Archive it instead.",
    );
    expect(collectionHeldMessage(0, 1)).toBe(
      "This collection can't be deleted: 1 active subscriber holds it. Archive it instead.",
    );
  });
});
