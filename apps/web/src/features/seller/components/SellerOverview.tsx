import type { SellerData } from '@printmarket/shared/payments';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '@/components/ui/QueryState.tsx';
import { FAILED_SELLER_DATA } from '@/features/seller/api/get-seller-data.ts';
import { stripeLinkProblem, useStripeAccountLink } from '@/features/seller/use-stripe-account.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { EarningsCard } from './EarningsCard.tsx';
import styles from './SellerCards.module.css';
import { StripeAccountCard } from './StripeAccountCard.tsx';

/** The top of the seller dashboard: Total Earnings and the payout account, once they are loaded. */
export function SellerOverview({ query }: { query: UseQueryResult<SellerData> }) {
  const link = useStripeAccountLink();
  return (
    <QueryState query={query} failure={(error) => <p>Error: {errorMessage(error, FAILED_SELLER_DATA)}</p>}>
      {(data) => (
        <div className={styles.overview}>
          <EarningsCard data={data} />
          <StripeAccountCard
            data={data}
            // Still waiting after success: the browser is on its way to the provider's page.
            pending={link.isPending || link.isSuccess}
            problem={link.isError ? stripeLinkProblem(link.error) : null}
            onOpen={(action) => link.mutate(action)}
          />
        </div>
      )}
    </QueryState>
  );
}
