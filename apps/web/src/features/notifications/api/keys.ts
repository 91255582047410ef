const all = ['notifications'] as const;

export const notificationKeys = {
  all,
  /** One person's notification mail settings. */
  of: (userId: string) => [...all, userId] as const,
};
