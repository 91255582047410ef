/**
 * Roots of the query keys that more than one feature reaches. A feature files its keys under one
 * of these (in its `api/keys.ts`); another feature refreshes or keeps them by the root alone,
 * without importing the first. Invalidating a root reaches every key that starts with it.
 */
export const rootKeys = {
  /** Everything that shows designs: lists, design pages, a person's designs, a bought design. */
  designs: ['designs'],
  collections: ['collections'],
  /** Collection pages (one entry per collection and viewer), refreshed after a change of access. */
  collectionPages: ['collections', 'detail'],
  purchases: ['purchases'],
  /** The public configuration: the one cached answer that is nobody's own. */
  config: ['config'],
} as const;

/** Keys of the queries in `hooks/` (several features show a person's designs and collections). */
export const personKeys = {
  /** The signed-in person's designs, under the designs root so uploads and edits refresh them. */
  myDesigns: (userId: string) => [...rootKeys.designs, 'mine', userId] as const,
  likedDesigns: (username: string) => [...rootKeys.designs, 'liked-by', username.toLowerCase()] as const,
  myCollections: [...rootKeys.collections, 'mine'] as const,
};
