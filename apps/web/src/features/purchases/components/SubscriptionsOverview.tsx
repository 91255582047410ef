import type { PurchasesResponse } from '@printmarket/shared/payments';
import { Link } from 'react-router';
import {
  canCancel,
  collectionPagePath,
  subscriptionPriceText,
  subscriptionTermText,
} from '@/features/purchases/purchase-labels.ts';
import { paths } from '@/lib/paths.ts';
import { MyPurchasesLoader } from './MyPurchasesLoader.tsx';
import styles from './PurchaseSummaries.module.css';

/**
 * The person's subscriptions with how each stands ('Renews monthly', 'Ends: …'). Cancelling
 * happens on My Purchases, where the cancel flow lives.
 */
export function SubscriptionsOverview() {
  return (
    <MyPurchasesLoader>
      {({ subscriptions }) => <SubscriptionLines subscriptions={subscriptions} />}
    </MyPurchasesLoader>
  );
}

function SubscriptionLines({ subscriptions }: Pick<PurchasesResponse, 'subscriptions'>) {
  return (
    <div className={styles.summary}>
      {subscriptions.length === 0 ? (
        <p className={styles.muted}>You have no subscriptions.</p>
      ) : (
        <ul className={styles.list} aria-label="Your subscriptions">
          {subscriptions.map((subscription) => {
            const name = subscription.collectionName;
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
      <Link to={paths.myPurchases()}>
        {subscriptions.some(canCancel) ? 'Cancel a subscription in My Purchases' : 'Open My Purchases'}
      </Link>
    </div>
  );
}
