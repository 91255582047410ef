import { CREATOR_SHARE_PERCENT, formatDollars } from '@printmarket/shared/money';
import type { SellerData } from '@printmarket/shared/payments';
import { useId } from 'react';
import { refundsText, salesCountText } from '@/features/seller/seller-labels.ts';
import styles from './SellerCards.module.css';

/** Total Earnings (docs/product.md#seller-dashboard): the creator's share of every sale and renewal. */
export function EarningsCard({
  data,
}: {
  data: Pick<SellerData, 'totalEarnings' | 'salesCount'> &
    Partial<Pick<SellerData, 'refundsCount' | 'refundedTotal'>>;
}) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Total Earnings
      </h2>
      <p className={styles.amount} data-testid="total-earnings">
        {formatDollars(data.totalEarnings)}
      </p>
      <p className={styles.text}>{salesCountText(data.salesCount)}</p>
      {data.refundsCount ? (
        <p className={styles.text} data-testid="refunds">
          {refundsText(data.refundsCount, data.refundedTotal ?? 0)}
        </p>
      ) : null}
      <p className={styles.hint}>Your {CREATOR_SHARE_PERCENT}% share, after the platform and payment fees.</p>
    </section>
  );
}
