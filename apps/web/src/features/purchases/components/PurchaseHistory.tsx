import { Link } from 'react-router';
import { RetryAlert } from '../../../components/ui/RetryAlert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { FAILED_FETCH_PURCHASES, useMyPurchases } from '../api/my-purchases.ts';
import { formatPaid, formatPurchaseDate, recentPurchases } from '../purchase-labels.ts';
import styles from './PurchaseSummaries.module.css';

/** How many purchases the short history shows; the rest are on My Purchases. */
export const HISTORY_LENGTH = 5;

/**
 * The latest purchases in a few lines, with the way to all of them. In sandbox mode it stands in
 * for the provider's invoices and payment methods, which a test-mode checkout does not have.
 */
export function PurchaseHistory() {
  const query = useMyPurchases();
  if (query.isPending) return <p role="status">Loading...</p>;
  if (query.isError) {
    return (
      <RetryAlert retrying={query.isFetching} onRetry={() => void query.refetch()}>
        <p>{errorMessage(query.error, FAILED_FETCH_PURCHASES)}</p>
      </RetryAlert>
    );
  }
  const lines = recentPurchases(query.data, HISTORY_LENGTH);
  return (
    <div className={styles.summary}>
      {lines.length === 0 ? (
        <p className={styles.muted}>You have no purchases yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Latest purchases">
          {lines.map((line) => (
            <li key={line.id} className={styles.row}>
              <span className={styles.name}>
                {line.path ? <Link to={line.path}>{line.name}</Link> : line.name}
                <span className={styles.muted}>
                  {line.kind === 'design' ? 'Design' : 'Collection'} ·{' '}
                  {formatPurchaseDate(line.date) ?? 'N/A'}
                </span>
              </span>
              <span className={styles.amount}>{formatPaid(line.pricePaid)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/MyPurchases">See all in My Purchases</Link>
    </div>
  );
}
