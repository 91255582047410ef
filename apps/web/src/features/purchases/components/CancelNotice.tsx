import { PAYMENT_MSG } from '@printmarket/shared/payment-messages';
import type { Ref } from 'react';
import { FormAlert, FormAlertDetail } from '@/components/form/FormAlert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import styles from './CancelNotice.module.css';
import type { CancelOutcome } from './CancelSubscriptionFlow.tsx';

type CancelNoticeProps = {
  outcome: CancelOutcome | null;
  /** The page moves focus here after a cancel, since the pressed button may be gone. */
  ref?: Ref<HTMLDivElement>;
};

/**
 * How the last cancel went (docs/product.md#subscriptions): 'Subscription canceled successfully! …' as a
 * status message, or 'Failed to cancel subscription' as an alert, with the server's reason below it.
 */
export function CancelNotice({ outcome, ref }: CancelNoticeProps) {
  const failure = outcome?.result === 'failed' ? outcome.error : null;
  const detail = failure instanceof ApiError ? failure.serverMessage : null;
  return (
    <div ref={ref} tabIndex={-1} className={styles.notices}>
      {/* In the page before its text arrives, so the success is read out. */}
      <div role="status">
        {outcome?.result === 'canceled' && <p className={styles.success}>{PAYMENT_MSG.cancelSuccess}</p>}
      </div>
      <FormAlert tone="error">
        {outcome?.result === 'failed' && (
          <>
            {PAYMENT_MSG.cancelFailed}
            {detail && detail !== PAYMENT_MSG.cancelFailed && <FormAlertDetail>{detail}</FormAlertDetail>}
          </>
        )}
      </FormAlert>
    </div>
  );
}
