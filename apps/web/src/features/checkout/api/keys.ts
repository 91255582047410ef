const all = ['checkout'] as const;

/** The query keys of checkouts; all of them start with `checkoutKeys.all`. */
export const checkoutKeys = {
  all,
  sandbox: (sessionId: string) => [...all, 'sandbox', sessionId] as const,
  status: (sessionId: string) => [...all, 'status', sessionId] as const,
};
