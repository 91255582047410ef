import type { SellerData } from '@printmarket/shared/payments';
import { useId } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import {
  accountStatusText,
  STRIPE_BUTTON_TEXT,
  type StripeAction,
  stripeAction,
} from '@/features/seller/seller-labels.ts';
import button from '@/styles/button.module.css';
import styles from './SellerCards.module.css';

type StripeAccountCardProps = {
  data: Pick<SellerData, 'stripeAccountId' | 'chargesEnabled' | 'payoutsEnabled'>;
  onOpen(action: StripeAction): void;
  /** True from the press until the browser has left for the provider's page. */
  pending: boolean;
  problem: string | null;
};

/** The payout account at the payment provider: 'Connect with Stripe' or 'Manage Stripe Account'. */
export function StripeAccountCard({ data, onOpen, pending, problem }: StripeAccountCardProps) {
  const titleId = useId();
  const action = stripeAction(data);
  const connected = action === 'manage';
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Payouts
      </h2>
      <p className={`${styles.status} ${connected ? styles.on : styles.off}`}>{accountStatusText(data)}</p>
      <p className={styles.text}>
        {connected
          ? 'Your earnings are paid out to your connected Stripe account.'
          : 'Connect a Stripe account to sell subscriptions and receive your earnings.'}
      </p>
      <FormAlert tone="error">{problem}</FormAlert>
      <button
        type="button"
        className={`${button.base} ${connected ? button.secondary : button.primary} ${styles.action}`}
        disabled={pending}
        aria-busy={pending}
        onClick={() => onOpen(action)}
      >
        {pending ? 'Opening Stripe...' : STRIPE_BUTTON_TEXT[action]}
      </button>
    </section>
  );
}
