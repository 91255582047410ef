import { PAYMENT_MSG } from '@printmarket/shared/payment-messages';
import type { PurchasesResponse, SubscriptionSummary } from '@printmarket/shared/payments';
import { useEffect, useRef, useState } from 'react';
import { LoadStatus } from '@/components/ui/LoadStatus.tsx';
import { NotAuthorized } from '@/components/ui/NotAuthorized.tsx';
import { RetryButton } from '@/components/ui/RetryButton.tsx';
import { FAILED_FETCH_PURCHASES, useMyPurchases } from '@/features/purchases/api/my-purchases.ts';
import { CancelNotice } from '@/features/purchases/components/CancelNotice.tsx';
import {
  type CancelOutcome,
  CancelSubscriptionFlow,
} from '@/features/purchases/components/CancelSubscriptionFlow.tsx';
import {
  CollectionPurchasesTable,
  DesignPurchasesTable,
  SubscriptionsTable,
} from '@/features/purchases/components/PurchaseTables.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { isUnauthorized } from '@/lib/unauthorized.ts';
import styles from './MyPurchasesPage.module.css';

/** My purchases (/MyPurchases, behind the sign-in guard; docs/product.md#my-purchases). */
export default function MyPurchasesPage() {
  const query = useMyPurchases();
  if (isUnauthorized(query.error)) return <NotAuthorized />;
  if (query.isPending || query.isError) {
    return (
      <LoadStatus
        error={query.error}
        failure={`Error: ${errorMessage(query.error, FAILED_FETCH_PURCHASES)}`}
        failureTabTitle="My Purchased Files"
        action={<RetryButton retrying={query.isFetching} onRetry={() => void query.refetch()} />}
      />
    );
  }
  return <MyPurchasesView purchases={query.data} />;
}

export function MyPurchasesView({ purchases }: { purchases: PurchasesResponse }) {
  const [canceling, setCanceling] = useState<SubscriptionSummary | null>(null);
  const [outcome, setOutcome] = useState<CancelOutcome | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The Cancel button may be gone after the change: the message is where focus goes on.
  useEffect(() => {
    if (outcome && outcome.result !== 'kept') noticeRef.current?.focus();
  }, [outcome]);

  return (
    <div className={styles.page}>
      <PageTitle>My Purchased Files · PrintMarket</PageTitle>
      <header>
        <h1 className={styles.heading}>My Purchased Files</h1>
        <CancelNotice ref={noticeRef} outcome={outcome} />
      </header>
      <DesignPurchasesTable purchases={purchases.designPurchases} />
      <CollectionPurchasesTable purchases={purchases.collectionPurchases} />
      <SubscriptionsTable
        subscriptions={purchases.subscriptions}
        onCancel={(subscription) => {
          setOutcome(null);
          setCanceling(subscription);
        }}
      />
      {canceling && (
        <CancelSubscriptionFlow
          key={canceling._id}
          subscription={canceling}
          onEnd={(result) => {
            if (result.result === 'failed') console.error(PAYMENT_MSG.cancelFailed, result.error);
            setCanceling(null);
            setOutcome(result);
          }}
        />
      )}
    </div>
  );
}
