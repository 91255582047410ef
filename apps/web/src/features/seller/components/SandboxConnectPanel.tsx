import { useId } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import type { SandboxAccount } from '@/features/seller/api/get-sandbox-account.ts';
import { paths } from '@/lib/paths.ts';
import button from '@/styles/button.module.css';
import styles from './SandboxConnectPanel.module.css';
import { TestModeBadge } from './TestModeBadge.tsx';

type SandboxConnectPanelProps = {
  account: SandboxAccount;
  onComplete(): void;
  /** True from the press until the dashboard shows. */
  pending: boolean;
  problem: string | null;
};

/**
 * Test mode's stand-in for the payment provider's onboarding: one button finishes it, so a seller
 * can try the whole flow on a machine without a provider account.
 */
export function SandboxConnectPanel({ account, onComplete, pending, problem }: SandboxConnectPanelProps) {
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.heading}>
        Connect your payout account
      </h1>
      <TestModeBadge>Test mode — no real account is created</TestModeBadge>
      <dl className={styles.facts}>
        <dt>Account</dt>
        <dd>
          <code data-testid="sandbox-account-id">{account.accountId}</code>
        </dd>
        <dt>Onboarding</dt>
        <dd>{account.detailsSubmitted ? 'Complete' : 'Not finished'}</dd>
      </dl>
      <p className={styles.text}>
        With a real provider you would enter your business and bank details here. In test mode, completing
        onboarding lets buyers subscribe to your plans with simulated payments.
      </p>
      <FormAlert tone="error">{problem}</FormAlert>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${button.base} ${button.primary} ${button.large}`}
          disabled={pending}
          aria-busy={pending}
          onClick={onComplete}
        >
          {pending ? 'Completing...' : 'Complete onboarding'}
        </button>
        <Link to={paths.sellerDashboard()} className={`${button.base} ${button.secondary} ${button.large}`}>
          Back to Seller Dashboard
        </Link>
      </div>
    </section>
  );
}
