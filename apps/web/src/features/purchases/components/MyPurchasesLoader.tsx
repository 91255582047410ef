import type { PurchasesResponse } from '@printmarket/shared/payments';
import type { ReactNode } from 'react';
import { QueryState } from '@/components/ui/QueryState.tsx';
import { FAILED_FETCH_PURCHASES, useMyPurchases } from '@/features/purchases/api/my-purchases.ts';
import { errorMessage } from '@/lib/api-client.ts';

/** The person's purchases for a small panel: 'Loading...', a failure with a retry, then `children`. */
export function MyPurchasesLoader({ children }: { children: (purchases: PurchasesResponse) => ReactNode }) {
  const query = useMyPurchases();
  return (
    <QueryState query={query} failure={(error) => <p>{errorMessage(error, FAILED_FETCH_PURCHASES)}</p>}>
      {children}
    </QueryState>
  );
}
