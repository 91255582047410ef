import { useId } from 'react';
import button from '../../../app/styles/button.module.css';
import styles from './BillingPanel.module.css';

/**
 * Settings > Billing (spec section 2): the two cards with the spec's words. Payments come later;
 * until then the buttons are disabled and say why, rather than pretending to do something.
 */
export function BillingPanel() {
  const noteId = useId();
  const disabled = { disabled: true, 'aria-describedby': noteId } as const;
  return (
    <section className={styles.panel} aria-labelledby={`${noteId}-title`}>
      <h2 id={`${noteId}-title`} className={styles.title}>
        Billing &amp; Subscriptions
      </h2>
      <p id={noteId} className={styles.note}>
        Payments are not set up yet, so these actions are not available.
      </p>
      <div className={styles.cards}>
        <article className={styles.card}>
          <h3 className={styles.cardTitle}>Billing</h3>
          <p className={styles.text}>Manage your payment methods, invoices, and billing info.</p>
          <div className={styles.buttons}>
            <button type="button" className={`${button.base} ${button.secondary}`} {...disabled}>
              Manage Payment Methods
            </button>
            <button type="button" className={`${button.base} ${button.secondary}`} {...disabled}>
              View Invoices
            </button>
          </div>
        </article>
        <article className={styles.card}>
          <h3 className={styles.cardTitle}>Subscriptions</h3>
          <p className={styles.text}>View and manage your current subscriptions.</p>
          <div className={styles.buttons}>
            <button type="button" className={`${button.base} ${button.secondary}`} {...disabled}>
              Manage Subscriptions
            </button>
          </div>
        </article>
      </div>
    </section>
  );
}
