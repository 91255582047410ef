import { formatDollars } from '@printmarket/shared/money';
import type { CollectionPurchase, DesignPurchase, SubscriptionSummary } from '@printmarket/shared/payments';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import {
  canCancel,
  canResume,
  collectionPagePath,
  formatPurchaseDate,
  orderNumber,
  subscriptionPriceText,
  subscriptionTermText,
} from '@/features/purchases/purchase-labels.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import button from '@/styles/button.module.css';
import styles from './PurchaseTables.module.css';
import { ResumeSubscriptionButton } from './ResumeSubscriptionButton.tsx';

/** Below this width each purchase is a card of labelled fields instead of a table row. */
export const CARDS_MEDIA = '(max-width: 720px)';

/** One purchase: its fields in column order, and the buttons that act on it. */
type PurchaseRow = {
  key: string;
  cells: { content: ReactNode; className?: string; title?: string }[];
  actions?: ReactNode;
};

type PurchaseListProps = {
  title: string;
  /** Shown instead of the list when there are no rows. */
  empty: string | null;
  /** The column labels, in the order of each row's cells. */
  head: string[];
  rows: PurchaseRow[];
  /** Adds an 'Actions' column (the table) or a button row (the cards). */
  withActions?: boolean;
  /** Many columns: the table scrolls sideways inside its frame sooner rather than squeezing them. */
  wide?: boolean;
};

/**
 * A list of purchases under its heading, or its empty state: a table on wide screens, cards on
 * phones, where a table would push the page sideways.
 */
function PurchaseList(props: PurchaseListProps & { cards?: boolean }) {
  const { title, empty, cards } = props;
  const titleId = useId();
  const phone = useMediaQuery(CARDS_MEDIA);
  const asCards = cards ?? phone;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {empty ? (
        <EmptyState>{empty}</EmptyState>
      ) : asCards ? (
        <PurchaseCards {...props} titleId={titleId} />
      ) : (
        <PurchaseTable {...props} titleId={titleId} />
      )}
    </section>
  );
}

function PurchaseTable({ head, rows, withActions, wide, titleId }: PurchaseListProps & { titleId: string }) {
  return (
    // Focusable so keyboard users can scroll it too when it is wider than the screen.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be reachable by keyboard
    <div className={styles.scroll} tabIndex={0}>
      <table className={`${styles.table} ${wide ? styles.wide : ''}`} aria-labelledby={titleId}>
        <thead>
          <tr>
            {[...head, ...(withActions ? ['Actions'] : [])].map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={head[i]} className={cell.className} title={cell.title}>
                  {cell.content}
                </td>
              ))}
              {withActions && (
                <td>
                  <div className={styles.actions}>{row.actions}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PurchaseCards({ head, rows, titleId }: PurchaseListProps & { titleId: string }) {
  return (
    <ul className={styles.cards} aria-labelledby={titleId}>
      {rows.map((row) => (
        <li key={row.key} className={styles.card}>
          <dl className={styles.fields}>
            {row.cells.map((cell, i) => (
              <div key={head[i]} className={styles.field}>
                <dt>{head[i]}</dt>
                <dd className={cell.className} title={cell.title}>
                  {cell.content}
                </dd>
              </div>
            ))}
          </dl>
          {row.actions && <div className={styles.actions}>{row.actions}</div>}
        </li>
      ))}
    </ul>
  );
}

function ItemLink({ path, name }: { path: string | null; name: string }) {
  // A deleted item keeps its row (the money was paid), without a link to a page that is gone.
  return path ? <Link to={path}>{name}</Link> : <span>{name}</span>;
}

const orderCell = (id: string) => ({ content: orderNumber(id), className: styles.order, title: id });
const amountCell = (content: string) => ({ content, className: styles.amount });

type ListProps<T> = {
  purchases: T[];
  /** Cards (true) or the table (false) whatever the width; by default the width decides. */
  cards?: boolean;
};

export function DesignPurchasesTable({ purchases, cards }: ListProps<DesignPurchase>) {
  return (
    <PurchaseList
      title="Design Purchases"
      empty={purchases.length === 0 ? 'You have not bought any designs yet.' : null}
      head={['Order number', 'Date', 'Design', 'Price']}
      cards={cards}
      rows={purchases.map((purchase) => ({
        key: purchase._id,
        cells: [
          orderCell(purchase._id),
          { content: formatPurchaseDate(purchase.purchaseDate) ?? 'N/A' },
          { content: <ItemLink path={purchase.path} name={purchase.name} /> },
          amountCell(formatDollars(purchase.pricePaid)),
        ],
      }))}
    />
  );
}

export function CollectionPurchasesTable({ purchases, cards }: ListProps<CollectionPurchase>) {
  return (
    <PurchaseList
      title="Collection Purchases"
      empty={purchases.length === 0 ? 'You have not bought any collections yet.' : null}
      head={['Order number', 'Date', 'Collection', 'Price']}
      cards={cards}
      rows={purchases.map((purchase) => ({
        key: purchase._id,
        cells: [
          orderCell(purchase._id),
          { content: formatPurchaseDate(purchase.purchaseDate) ?? 'N/A' },
          { content: <ItemLink path={collectionPagePath(purchase.collectionId)} name={purchase.name} /> },
          amountCell(formatDollars(purchase.pricePaid)),
        ],
      }))}
    />
  );
}

type SubscriptionsTableProps = {
  subscriptions: SubscriptionSummary[];
  /** Starts the cancel flow (the mini-game, then the confirmation). */
  onCancel(subscription: SubscriptionSummary): void;
  /** Cards (true) or the table (false) whatever the width; by default the width decides. */
  cards?: boolean;
};

export function SubscriptionsTable({ subscriptions, onCancel, cards }: SubscriptionsTableProps) {
  return (
    <PurchaseList
      title="Active Subscriptions"
      empty={subscriptions.length === 0 ? 'You have no subscriptions.' : null}
      head={['Collection', 'Plan', 'Started', 'Price', 'Renewal']}
      withActions
      wide
      cards={cards}
      rows={subscriptions.map((subscription) => {
        const name = subscription.collectionName;
        return {
          key: subscription._id,
          cells: [
            { content: <ItemLink path={collectionPagePath(subscription.collectionId)} name={name} /> },
            { content: subscription.planName },
            { content: formatPurchaseDate(subscription.startDate) ?? 'N/A' },
            amountCell(subscriptionPriceText(subscription)),
            { content: subscriptionTermText(subscription) },
          ],
          // A renewing subscription can be canceled; a canceled one still running resumed.
          actions: canCancel(subscription) ? (
            <button
              type="button"
              className={`${button.base} ${button.secondary}`}
              aria-haspopup="dialog"
              onClick={() => onCancel(subscription)}
            >
              Cancel<span className="visually-hidden"> the subscription to {name}</span>
            </button>
          ) : canResume(subscription) ? (
            <ResumeSubscriptionButton
              subscriptionId={subscription._id}
              name={name}
              className={`${button.base} ${button.secondary}`}
            />
          ) : undefined,
        };
      })}
    />
  );
}
