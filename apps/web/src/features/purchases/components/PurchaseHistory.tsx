import { formatDollars } from '@printmarket/shared/money';
import type { PurchasesResponse } from '@printmarket/shared/payments';
import { Link } from 'react-router';
import { formatPurchaseDate, recentPurchases } from '@/features/purchases/purchase-labels.ts';
import { paths } from '@/lib/paths.ts';
import { MyPurchasesLoader } from './MyPurchasesLoader.tsx';
import styles from './PurchaseSummaries.module.css';

const KIND_LABELS = { design: 'Design', collection: 'Collection', subscription: 'Subscription' } as const;
const REFUND_LABELS = { duplicate: 'Refunded (already yours) · ', refunded: 'Refunded · ' } as const;

/** How many purchases the short history shows; the rest are on My Purchases. */
export const HISTORY_LENGTH = 5;

/**
 * The latest purchases in a few lines, with the way to all of them. In sandbox mode it stands in
 * for the provider's invoices and payment methods, which a test-mode checkout does not have.
 */
export function PurchaseHistory() {
  return <MyPurchasesLoader>{(purchases) => <PurchaseLines purchases={purchases} />}</MyPurchasesLoader>;
}

function PurchaseLines({ purchases }: { purchases: PurchasesResponse }) {
  const lines = recentPurchases(purchases, HISTORY_LENGTH);
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
                  {KIND_LABELS[line.kind]} · {line.refunded && REFUND_LABELS[line.refunded]}
                  {formatPurchaseDate(line.date) ?? 'N/A'}
                </span>
              </span>
              <span className={styles.amount}>
                {line.refunded ? <s>{formatDollars(line.pricePaid)}</s> : formatDollars(line.pricePaid)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.myPurchases()}>See all in My Purchases</Link>
    </div>
  );
}
