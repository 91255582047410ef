const all = ['seller'] as const;

/** The query keys of the seller's figures; all of them start with `sellerKeys.all`. */
export const sellerKeys = {
  all,
  data: [...all, 'data'] as const,
  sandboxAccount: (accountId: string) => [...all, 'sandbox-account', accountId] as const,
};
