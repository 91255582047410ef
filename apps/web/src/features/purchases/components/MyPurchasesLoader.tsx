import type { PurchasesResponse } from '@printmarket/shared/payments';
import type { ReactNode } from 'react';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import { FAILED_FETCH_PURCHASES, useMyPurchases } from '@/features/purchases/api/my-purchases.ts';
import { errorMessage } from '@/lib/api-client.ts';

/** The person's purchases for a small panel: 'Loading...', a failure with a retry, then `children`. */
export function MyPurchasesLoader({ children }: { children: (purchases: PurchasesResponse) => ReactNode }) {
  const query = useMyPurchases();
  if (query.isPending) return <p role="status">Loading...</p>;
  if (query.isError) {
    return (
      <RetryAlert retrying={query.isFetching} onRetry={() => void query.refetch()}>
        <p>{errorMessage(query.error, FAILED_FETCH_PURCHASES)}</p>
      </RetryAlert>
    );
  }
  return children(query.data);
}
