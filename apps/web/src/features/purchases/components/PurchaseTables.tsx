import { formatDollars } from '@printmarket/shared/money';
import type { CollectionPurchase, DesignPurchase, SubscriptionSummary } from '@printmarket/shared/payments';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import button from '../../../app/styles/button.module.css';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import {
  canCancel,
  canResume,
  collectionPagePath,
  formatPurchaseDate,
  orderNumber,
  subscriptionPriceText,
  subscriptionTermText,
} from '../purchase-labels.ts';
import styles from './PurchaseTables.module.css';
import { ResumeSubscriptionButton } from './ResumeSubscriptionButton.tsx';

/** A table under its heading, or the list's empty state; scrolls sideways on a narrow phone. */
function TableSection({
  title,
  empty,
  head,
  wide = false,
  children,
}: {
  title: string;
  /** Shown instead of the table when there are no rows. */
  empty: string | null;
  head: string[];
  /** Many columns: scrolls sideways sooner rather than squeezing them. */
  wide?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {empty ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        // Focusable so keyboard users can scroll it too when it is wider than the screen.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be reachable by keyboard
        <div className={styles.scroll} tabIndex={0}>
          <table className={`${styles.table} ${wide ? styles.wide : ''}`} aria-labelledby={titleId}>
            <thead>
              <tr>
                {head.map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ItemLink({ path, name }: { path: string | null; name: string }) {
  // A deleted item keeps its row (the money was paid), without a link to a page that is gone.
  return path ? <Link to={path}>{name}</Link> : <span>{name}</span>;
}

function OrderCell({ id }: { id: string }) {
  return (
    <td className={styles.order} title={id}>
      {orderNumber(id)}
    </td>
  );
}

export function DesignPurchasesTable({ purchases }: { purchases: DesignPurchase[] }) {
  return (
    <TableSection
      title="Design Purchases"
      empty={purchases.length === 0 ? 'You have not bought any designs yet.' : null}
      head={['Order number', 'Date', 'Design', 'Price']}
    >
      {purchases.map((purchase) => (
        <tr key={purchase._id}>
          <OrderCell id={purchase._id} />
          <td>{formatPurchaseDate(purchase.purchaseDate) ?? 'N/A'}</td>
          <td>
            <ItemLink path={purchase.path} name={purchase.name} />
          </td>
          <td className={styles.amount}>{formatDollars(purchase.pricePaid)}</td>
        </tr>
      ))}
    </TableSection>
  );
}

export function CollectionPurchasesTable({ purchases }: { purchases: CollectionPurchase[] }) {
  return (
    <TableSection
      title="Collection Purchases"
      empty={purchases.length === 0 ? 'You have not bought any collections yet.' : null}
      head={['Order number', 'Date', 'Collection', 'Price']}
    >
      {purchases.map((purchase) => (
        <tr key={purchase._id}>
          <OrderCell id={purchase._id} />
          <td>{formatPurchaseDate(purchase.purchaseDate) ?? 'N/A'}</td>
          <td>
            <ItemLink path={collectionPagePath(purchase.collectionId)} name={purchase.name} />
          </td>
          <td className={styles.amount}>{formatDollars(purchase.pricePaid)}</td>
        </tr>
      ))}
    </TableSection>
  );
}

type SubscriptionsTableProps = {
  subscriptions: SubscriptionSummary[];
  /** Starts the cancel flow (the mini-game, then the confirmation). */
  onCancel(subscription: SubscriptionSummary): void;
};

export function SubscriptionsTable({ subscriptions, onCancel }: SubscriptionsTableProps) {
  return (
    <TableSection
      title="Active Subscriptions"
      empty={subscriptions.length === 0 ? 'You have no subscriptions.' : null}
      head={['Collection', 'Plan', 'Started', 'Price', 'Renewal', 'Actions']}
      wide
    >
      {subscriptions.map((subscription) => {
        const name = subscription.collectionName ?? 'Collection no longer available';
        return (
          <tr key={subscription._id}>
            <td>
              <ItemLink path={collectionPagePath(subscription.collectionId)} name={name} />
            </td>
            <td>{subscription.planName}</td>
            <td>{formatPurchaseDate(subscription.startDate) ?? 'N/A'}</td>
            <td className={styles.amount}>{subscriptionPriceText(subscription)}</td>
            <td>{subscriptionTermText(subscription)}</td>
            <td>
              {canCancel(subscription) && (
                <button
                  type="button"
                  className={`${button.base} ${button.secondary}`}
                  aria-haspopup="dialog"
                  onClick={() => onCancel(subscription)}
                >
                  Cancel<span className="visually-hidden"> the subscription to {name}</span>
                </button>
              )}
              {canResume(subscription) && (
                <ResumeSubscriptionButton
                  subscriptionId={subscription._id}
                  name={name}
                  className={`${button.base} ${button.secondary}`}
                />
              )}
            </td>
          </tr>
        );
      })}
    </TableSection>
  );
}
