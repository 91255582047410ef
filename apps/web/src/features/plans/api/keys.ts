/** Every cached list of plans starts with `planKeys.all`: the seller's own and each collection's. */
const all = ['plans'] as const;

export const planKeys = {
  all,
  mine: [...all, 'mine'] as const,
  forCollection: (collectionId: string) => [...all, 'for-collection', collectionId] as const,
};
