const all = ['preferences'] as const;

export const preferenceKeys = {
  all,
  /** One person's saved preferences. */
  of: (userId: string) => [...all, userId] as const,
};
