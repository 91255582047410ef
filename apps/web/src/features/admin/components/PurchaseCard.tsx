import type { AdminPurchase } from '@printmarket/shared/admin';
import button from '@/styles/button.module.css';
import styles from './AdminPanels.module.css';
import { CardField } from './CardField.tsx';
import { DISPUTE_STATUS_LABELS, formatPrice, purchaseState } from './purchase-format.ts';
import { ShortDate } from './ShortDate.tsx';

const KIND_LABELS: Record<AdminPurchase['kind'], string> = { design: 'Design', collection: 'Collection' };

/**
 * One purchase found: order number, date, item, price, buyer, seller and its state. One that is
 * not refunded yet has Refund; a refunded one shows when and why instead.
 */
export function PurchaseCard({ purchase, onRefund }: { purchase: AdminPurchase; onRefund(): void }) {
  const { refund, dispute } = purchase;
  const state = purchaseState(purchase);
  const badge = refund ? styles.alertBadge : dispute ? styles.warningBadge : styles.okBadge;
  return (
    <li className={styles.card}>
      <p className={styles.target}>
        <span className={styles.targetLink}>
          Order <span className={styles.mono}>{purchase.orderNumber}</span>
        </span>
        <span className={badge}>{state}</span>
      </p>
      <dl className={styles.fields}>
        <CardField label="Date">
          <ShortDate iso={purchase.createdAt} />
        </CardField>
        <CardField label="Item">
          {purchase.itemName} <span className={styles.muted}>({KIND_LABELS[purchase.kind]})</span>
        </CardField>
        <CardField label="Price">{formatPrice(purchase)}</CardField>
        <CardField label="Buyer">{purchase.buyer.username}</CardField>
        <CardField label="Seller">{purchase.seller.username}</CardField>
        {dispute && (
          <CardField label="Dispute">
            {DISPUTE_STATUS_LABELS[dispute.status]} (<ShortDate iso={dispute.at} />)
          </CardField>
        )}
        {refund && (
          <>
            <CardField label="Refunded on">
              <ShortDate iso={refund.at} />
            </CardField>
            <CardField label="Reason">
              <span className={styles.quote}>{refund.reason}</span>
            </CardField>
          </>
        )}
      </dl>
      {!refund && (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${button.base} ${button.secondary}`}
            aria-haspopup="dialog"
            onClick={onRefund}
          >
            Refund
          </button>
        </div>
      )}
    </li>
  );
}
