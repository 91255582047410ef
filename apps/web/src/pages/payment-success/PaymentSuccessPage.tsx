import { PAYMENT_MSG } from '@printmarket/shared/payment-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCheckoutStatus } from '@/features/checkout/api/get-checkout-status.ts';
import { useCollection } from '@/features/collections/api/get-collection.ts';
import { useDesignById } from '@/features/purchases/api/get-purchased-design.ts';
import { purchaseKeys } from '@/features/purchases/api/keys.ts';
import { PurchasedItemView } from '@/features/purchases/components/PurchasedItemView.tsx';
import {
  collectionItem,
  designItem,
  POLL_INTERVAL_MS,
  POLL_LIMIT_MS,
  type PollOutcome,
  parseSuccessParams,
  pollOutcome,
  type SuccessDetails,
} from '@/features/purchases/payment-success.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { rootKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';
import styles from './PaymentSuccessPage.module.css';

/**
 * Purchase success (/payment-success?purchaseType=&itemId=&session_id=;
 * docs/product.md#checkout-and-payment-success), where the checkout returns. It shows how the purchase stands
 * and never grants anything: access comes from the payment event on the server, which may arrive a moment
 * after the buyer.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const details = parseSuccessParams(params);
  return (
    <div className={styles.page}>
      <PageTitle>Purchase · PrintMarket</PageTitle>
      {details ? (
        <PurchaseProgress key={details.sessionId} details={details} />
      ) : (
        <div role="alert" className={styles.message}>
          <h1 className={styles.heading}>{PAYMENT_MSG.missingDetails}</h1>
        </div>
      )}
    </div>
  );
}

/** Asks how the checkout stands every second, for about half a minute, until it settles. */
function usePurchaseOutcome(sessionId: string): {
  outcome: PollOutcome;
  itemName: string | null;
  refunded: boolean;
} {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const status = useCheckoutStatus(sessionId, {
    enabled: true,
    refetchInterval: (data) => (timedOut || (data && data.status !== 'open') ? false : POLL_INTERVAL_MS),
  });
  return {
    outcome: pollOutcome({ status: status.data?.status, failed: status.isError, timedOut }),
    itemName: status.data?.itemName ?? null,
    refunded: status.data?.refunded ?? false,
  };
}

function PurchaseProgress({ details }: { details: SuccessDetails }) {
  const { outcome, itemName, refunded } = usePurchaseOutcome(details.sessionId);
  const queryClient = useQueryClient();

  // The new access shows everywhere: design and collection pages, the purchase lists.
  useEffect(() => {
    if (outcome !== 'complete') return;
    void queryClient.invalidateQueries({ queryKey: rootKeys.designs });
    void queryClient.invalidateQueries({ queryKey: rootKeys.collections });
    void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
  }, [outcome, queryClient]);

  return (
    <>
      {/* One live region for the whole wait, so each change of state is read out. */}
      <div role="status" className={styles.message}>
        {outcome === 'waiting' && (
          <>
            <span className={styles.spinner} aria-hidden="true" />
            <h1 className={styles.heading}>{PAYMENT_MSG.processing}</h1>
          </>
        )}
        {outcome === 'complete' && (
          <h1 className={styles.heading}>
            {refunded ? PAYMENT_MSG.refundedDuplicate : PAYMENT_MSG.complete}
          </h1>
        )}
        {outcome === 'fallback' && <PendingFallback />}
      </div>
      {outcome === 'complete' && (
        <>
          <PurchasedItem details={details} itemName={itemName} />
          <Link to={paths.myPurchases()} className={`${button.base} ${button.primary} ${button.large}`}>
            See Your Purchases
          </Link>
        </>
      )}
    </>
  );
}

/** Not confirmed (yet): where the purchase will show once the payment is. */
export function PendingFallback() {
  return (
    <>
      <h1 className={styles.heading}>Your purchase is not confirmed yet</h1>
      <p className={styles.text}>
        It will appear in <Link to={paths.myPurchases()}>My Purchases</Link> once the payment is confirmed.
      </p>
    </>
  );
}

/** The design, or the collection (bought or subscribed to), with its pictures. */
function PurchasedItem({ details, itemName }: { details: SuccessDetails; itemName: string | null }) {
  const viewerId = useSession().user?.id ?? null;
  const isDesign = details.purchaseType === 'design';
  const design = useDesignById(details.itemId, viewerId, isDesign);
  const collection = useCollection(details.itemId, viewerId, !isDesign);
  const query = isDesign ? design : collection;

  if (design.data && isDesign) return <PurchasedItemView item={designItem(design.data)} />;
  if (collection.data && !isDesign) return <PurchasedItemView item={collectionItem(collection.data)} />;
  if (query.isError) {
    // The purchase stands; only the preview is missing.
    return (
      <p className={styles.text}>
        {itemName ? <strong>{itemName}</strong> : 'Your new item'} is waiting for you in My Purchases.
      </p>
    );
  }
  return <p role="status">Loading...</p>;
}
