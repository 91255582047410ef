import type { SellerData } from '@printmarket/shared/payments';
import type { UseQueryResult } from '@tanstack/react-query';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import { FAILED_SELLER_DATA } from '@/features/seller/api/get-seller-data.ts';
import { stripeLinkProblem, useStripeAccountLink } from '@/features/seller/use-stripe-account.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { EarningsCard } from './EarningsCard.tsx';
import styles from './SellerCards.module.css';
import { StripeAccountCard } from './StripeAccountCard.tsx';

/** The top of the seller dashboard: Total Earnings and the payout account, once they are loaded. */
export function SellerOverview({ query }: { query: UseQueryResult<SellerData> }) {
  const link = useStripeAccountLink();
  if (query.isPending) {
    return (
      <p className={styles.loading} role="status">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert retrying={query.isFetching} onRetry={() => void query.refetch()}>
        <p>Error: {errorMessage(query.error, FAILED_SELLER_DATA)}</p>
      </RetryAlert>
    );
  }
  return (
    <div className={styles.overview}>
      <EarningsCard data={query.data} />
      <StripeAccountCard
        data={query.data}
        // Still waiting after success: the browser is on its way to the provider's page.
        pending={link.isPending || link.isSuccess}
        problem={link.isError ? stripeLinkProblem(link.error) : null}
        onOpen={(action) => link.mutate(action)}
      />
    </div>
  );
}
