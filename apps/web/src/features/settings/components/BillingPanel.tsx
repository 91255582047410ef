import { useEffect, useId, useRef, useState } from 'react';
import button from '@/app/styles/button.module.css';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { useOpenBillingPortal } from '@/features/checkout/api/open-billing-portal.ts';
import { safeRedirectUrl } from '@/features/checkout/start-checkout.ts';
import { useConfig } from '@/features/config/api/get-config.ts';
import { PurchaseHistory } from '@/features/purchases/components/PurchaseHistory.tsx';
import { SubscriptionsOverview } from '@/features/purchases/components/SubscriptionsOverview.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import styles from './BillingPanel.module.css';

/** Shown when the provider's portal cannot be opened and the server said nothing usable. */
export const FAILED_OPEN_PORTAL = 'Failed to open the billing portal';

/**
 * Settings > Billing (docs/product.md#settings), with the product's words on two cards. With the real
 * provider, payment methods and invoices are the provider's customer portal. The test-mode sandbox has no
 * portal, so those buttons show the purchase history instead. 'Manage Subscriptions' gives way to the list of
 * subscriptions. Without payments, the buttons are disabled and say why.
 */
export function BillingPanel() {
  const noteId = useId();
  const config = useConfig();
  // Until the configuration is known nothing can be pressed; if it cannot be read, no payments.
  const mode = config.data?.paymentsMode ?? (config.isError ? 'off' : null);
  const portal = useOpenBillingPortal();
  const [showHistory, setShowHistory] = useState(false);
  const [showSubscriptions, setShowSubscriptions] = useState(false);
  const historyFocus = useSwapFocus(showHistory);
  const subscriptionsFocus = useSwapFocus(showSubscriptions);
  const unavailable = mode === null || mode === 'off';
  const disabled = unavailable
    ? ({ disabled: true, 'aria-describedby': mode === 'off' ? noteId : undefined } as const)
    : {};

  const openBilling = () => {
    if (mode !== 'stripe') {
      setShowHistory(true);
      return;
    }
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        const target = safeRedirectUrl(url);
        // No portal for this account: the purchase history is what there is to show.
        if (target) window.location.assign(target);
        else setShowHistory(true);
      },
    });
  };
  const leaving = portal.isSuccess && Boolean(safeRedirectUrl(portal.data.url));
  const opening = portal.isPending || leaving;

  return (
    <section className={styles.panel} aria-labelledby={`${noteId}-title`} aria-busy={mode === null}>
      <h2 id={`${noteId}-title`} className={styles.title}>
        Billing &amp; Subscriptions
      </h2>
      {mode === 'off' && (
        <p id={noteId} className={styles.note}>
          Payments are not set up yet, so these actions are not available.
        </p>
      )}
      <div className={styles.cards}>
        <article className={styles.card}>
          <h3 className={styles.cardTitle}>Billing</h3>
          <p className={styles.text}>Manage your payment methods, invoices, and billing info.</p>
          {showHistory ? (
            <div ref={historyFocus.panelRef} tabIndex={-1} className={styles.panelBody}>
              {mode === 'sandbox' && (
                <p className={styles.text}>
                  Test mode has no payment methods or invoices; these are your latest purchases.
                </p>
              )}
              <PurchaseHistory />
              <BackButton onBack={() => setShowHistory(false)} />
            </div>
          ) : (
            <div ref={historyFocus.buttonsRef} className={styles.buttons}>
              {['Manage Payment Methods', 'View Invoices'].map((label) => (
                <button
                  key={label}
                  type="button"
                  className={`${button.base} ${button.secondary}`}
                  onClick={openBilling}
                  aria-busy={opening}
                  {...(opening ? { disabled: true } : disabled)}
                >
                  {label}
                </button>
              ))}
            </div>
          )}
          <FormAlert tone="error">
            {portal.isError && errorMessage(portal.error, FAILED_OPEN_PORTAL)}
          </FormAlert>
        </article>
        <article className={styles.card}>
          <h3 className={styles.cardTitle}>Subscriptions</h3>
          <p className={styles.text}>View and manage your current subscriptions.</p>
          {showSubscriptions ? (
            <div ref={subscriptionsFocus.panelRef} tabIndex={-1} className={styles.panelBody}>
              <SubscriptionsOverview />
              <BackButton onBack={() => setShowSubscriptions(false)} />
            </div>
          ) : (
            <div ref={subscriptionsFocus.buttonsRef} className={styles.buttons}>
              <button
                type="button"
                className={`${button.base} ${button.secondary}`}
                onClick={() => setShowSubscriptions(true)}
                {...disabled}
              >
                Manage Subscriptions
              </button>
            </div>
          )}
        </article>
      </div>
    </section>
  );
}

/**
 * A card's buttons give way to a panel and come back with Back: keyboard focus follows, into the
 * panel and back to the first button, instead of being lost with the element that was pressed.
 */
function useSwapFocus(open: boolean) {
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonsRef = useRef<HTMLDivElement>(null);
  const shown = useRef(open);
  useEffect(() => {
    if (shown.current === open) return;
    shown.current = open;
    if (open) panelRef.current?.focus();
    else buttonsRef.current?.querySelector('button')?.focus();
  }, [open]);
  return { panelRef, buttonsRef };
}

function BackButton({ onBack }: { onBack(): void }) {
  return (
    <div className={styles.buttons}>
      <button type="button" className={`${button.base} ${button.ghost}`} onClick={onBack}>
        Back
      </button>
    </div>
  );
}
