import { Link } from 'react-router';
import { RetryAlert } from '../../../components/ui/RetryAlert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { FAILED_FETCH_PURCHASES, useMyPurchases } from '../api/my-purchases.ts';
import {
  canCancel,
  collectionPagePath,
  subscriptionPriceText,
  subscriptionTermText,
} from '../purchase-labels.ts';
import styles from './PurchaseSummaries.module.css';

/**
 * The person's subscriptions with how each stands ('Renews monthly', 'Ends: …'). Cancelling
 * happens on My Purchases, where the cancel flow lives.
 */
export function SubscriptionsOverview() {
  const query = useMyPurchases();
  if (query.isPending) return <p role="status">Loading...</p>;
  if (query.isError) {
    return (
      <RetryAlert retrying={query.isFetching} onRetry={() => void query.refetch()}>
        <p>{errorMessage(query.error, FAILED_FETCH_PURCHASES)}</p>
      </RetryAlert>
    );
  }
  const { subscriptions } = query.data;
  return (
    <div className={styles.summary}>
      {subscriptions.length === 0 ? (
        <p className={styles.muted}>You have no subscriptions.</p>
      ) : (
        <ul className={styles.list} aria-label="Your subscriptions">
          {subscriptions.map((subscription) => {
            const name = subscription.collectionName ?? 'Collection no longer available';
            const path = collectionPagePath(subscription.collectionId);
            return (
              <li key={subscription._id} className={styles.row}>
                <span className={styles.name}>
                  {path ? <Link to={path}>{name}</Link> : name}
                  <span className={styles.muted}>
                    {subscription.planName} · {subscriptionPriceText(subscription)}
                  </span>
                </span>
                <span className={styles.term}>{subscriptionTermText(subscription)}</span>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/MyPurchases">
        {subscriptions.some(canCancel) ? 'Cancel a subscription in My Purchases' : 'Open My Purchases'}
      </Link>
    </div>
  );
}
