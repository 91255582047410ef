import { formatCents } from '@printmarket/shared/money';
import type { SandboxCheckout } from '@printmarket/shared/payments';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { checkoutKindText, feeLines, payLabel } from '@/features/checkout/sandbox-labels.ts';
import { safeRedirectUrl } from '@/features/checkout/start-checkout.ts';
import { paths } from '@/lib/paths.ts';
import button from '@/styles/button.module.css';
import styles from './SandboxCheckoutView.module.css';

export const TEST_MODE_LABEL = 'Test mode — no real money moves';

type SandboxCheckoutViewProps = {
  checkout: SandboxCheckout;
  /** Which button is at work, if any. */
  busy: 'pay' | 'cancel' | null;
  /** Why the last press failed. */
  problem: string | null;
  onPay(): void;
  onCancel(): void;
};

/**
 * The sandbox's stand-in for the provider's hosted checkout: the item, the price and where the
 * money would go, and the buttons that finish or abandon the test purchase.
 */
export function SandboxCheckoutView({ checkout, busy, problem, onPay, onCancel }: SandboxCheckoutViewProps) {
  const open = checkout.status === 'open';
  return (
    <section className={styles.card} aria-labelledby="sandbox-checkout-title">
      <p className={styles.badge}>{TEST_MODE_LABEL}</p>
      <h1 id="sandbox-checkout-title" className={styles.title}>
        Checkout
      </h1>
      <dl className={styles.facts}>
        <div>
          <dt>Item</dt>
          <dd>{checkout.itemName}</dd>
        </div>
        <div>
          <dt>Kind</dt>
          <dd>{checkoutKindText(checkout)}</dd>
        </div>
        <div>
          <dt>Seller</dt>
          <dd>{checkout.sellerUsername}</dd>
        </div>
        <div className={styles.total}>
          <dt>Price</dt>
          <dd>{formatCents(checkout.split.priceCents)}</dd>
        </div>
      </dl>
      <table className={styles.split}>
        <caption>Where the money goes</caption>
        <tbody>
          {feeLines(checkout.split).map((line) => (
            <tr key={line.label}>
              <th scope="row">{line.label}</th>
              <td>{line.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <FormAlert tone="error">{problem}</FormAlert>
      {open ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${button.base} ${button.secondary} ${button.large}`}
            onClick={onCancel}
            disabled={busy !== null}
            aria-busy={busy === 'cancel'}
          >
            {busy === 'cancel' ? 'Canceling...' : 'Cancel'}
          </button>
          <button
            type="button"
            className={`${button.base} ${button.primary} ${button.large}`}
            onClick={onPay}
            disabled={busy !== null}
            aria-busy={busy === 'pay'}
          >
            {busy === 'pay' ? 'Paying...' : payLabel(checkout)}
          </button>
        </div>
      ) : checkout.status === 'complete' ? (
        <p className={styles.done}>
          This checkout is already complete.{' '}
          <a href={safeRedirectUrl(checkout.successUrl) ?? paths.myPurchases()}>See your purchase</a>
        </p>
      ) : (
        <p className={styles.done}>
          This checkout was canceled.{' '}
          <a href={safeRedirectUrl(checkout.cancelUrl) ?? paths.home()}>Back to the item</a>
        </p>
      )}
    </section>
  );
}
