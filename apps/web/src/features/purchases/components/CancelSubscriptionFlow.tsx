import type { SubscriptionSummary } from '@printmarket/shared/payments';
import { useEffect, useRef, useState } from 'react';
import button from '@/app/styles/button.module.css';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { useCancelSubscription } from '@/features/purchases/api/subscription-changes.ts';
import { formatPurchaseDate, subscriptionPriceTag } from '@/features/purchases/purchase-labels.ts';
import { UnsubscribeGame } from '@/features/purchases/unsubscribe-game/UnsubscribeGame.tsx';
import styles from './CancelSubscriptionFlow.module.css';

/** How the flow ended: the subscription kept, canceled, or the cancel call failed. */
export type CancelOutcome =
  | { result: 'kept' }
  | { result: 'canceled' }
  | { result: 'failed'; error: unknown };

type CancelSubscriptionFlowProps = {
  subscription: SubscriptionSummary;
  onEnd(outcome: CancelOutcome): void;
};

/**
 * Cancelling a subscription (docs/product.md#unsubscribe-game): first the joke mini-game, which cancels
 * nothing itself; winning or skipping it leads to a plain confirmation, and only that calls the
 * server. Closing either window keeps the subscription.
 */
export function CancelSubscriptionFlow({ subscription, onEnd }: CancelSubscriptionFlowProps) {
  const [step, setStep] = useState<'game' | 'confirm'>('game');
  // The game's window closes (and reports it, a moment later) when the confirmation takes over:
  // only a close of the window that is current ends the flow.
  const current = useRef(step);
  useEffect(() => {
    current.current = step;
  }, [step]);
  const cancel = useCancelSubscription();
  const confirm = () => setStep('confirm');

  return (
    <>
      <Dialog
        open={step === 'game'}
        title="Unsubscribe"
        onClose={() => {
          if (current.current === 'game') onEnd({ result: 'kept' });
        }}
      >
        {(close) => (
          <UnsubscribeGame
            price={subscriptionPriceTag(subscription)}
            onWon={confirm}
            onSkip={confirm}
            onClose={close}
          />
        )}
      </Dialog>
      <Dialog
        open={step === 'confirm'}
        title="Cancel subscription?"
        onClose={() => {
          if (current.current === 'confirm' && !cancel.isPending) onEnd({ result: 'kept' });
        }}
      >
        {(close) => (
          <ConfirmCancel
            subscription={subscription}
            busy={cancel.isPending}
            onKeep={close}
            onCancel={() =>
              cancel.mutate(subscription._id, {
                onSuccess: () => onEnd({ result: 'canceled' }),
                onError: (error) => onEnd({ result: 'failed', error }),
              })
            }
          />
        )}
      </Dialog>
    </>
  );
}

type ConfirmCancelProps = {
  subscription: SubscriptionSummary;
  busy: boolean;
  onKeep(): void;
  onCancel(): void;
};

/** The confirmation: what cancelling means (the end of the paid term), and the two choices. */
export function ConfirmCancel({ subscription, busy, onKeep, onCancel }: ConfirmCancelProps) {
  const until = formatPurchaseDate(subscription.endDate);
  const name = subscription.collectionName;
  return (
    <div className={styles.confirm}>
      <p>
        Your subscription to <strong>{name}</strong> ({subscription.planName}) will stop renewing.
        Cancellation takes effect at the end of the current paid term: you keep access until{' '}
        {until ?? 'it expires'}. All sales are final, so the current term is not refunded.
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          onClick={onKeep}
          disabled={busy}
        >
          Keep Subscription
        </button>
        <button
          type="button"
          className={`${button.base} ${button.primary} ${styles.danger}`}
          onClick={onCancel}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Canceling...' : 'Cancel Subscription'}
        </button>
      </div>
    </div>
  );
}
