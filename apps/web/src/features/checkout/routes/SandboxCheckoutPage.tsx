import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadStatus } from '@/components/ui/LoadStatus.tsx';
import { RetryButton } from '@/components/ui/RetryButton.tsx';
import { cancelSandboxCheckout } from '@/features/checkout/api/cancel-sandbox-checkout.ts';
import { useSandboxCheckout } from '@/features/checkout/api/get-sandbox-checkout.ts';
import { paySandboxCheckout, type SandboxRedirect } from '@/features/checkout/api/pay-sandbox-checkout.ts';
import { SandboxCheckoutView } from '@/features/checkout/components/SandboxCheckoutView.tsx';
import { checkoutFailureMessage, safeRedirectUrl } from '@/features/checkout/start-checkout.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import styles from './SandboxCheckoutPage.module.css';

/** Shown when the sandbox checkout cannot be loaded and the server said nothing usable. */
export const FAILED_FETCH_CHECKOUT = 'Failed to load the checkout';

/**
 * The sandbox's hosted checkout (/sandbox/checkout/{sessionId}; test mode only). Paying makes the
 * sandbox deliver a signed payment event to the server, as the real provider would; either button
 * then goes where the server answers (the success page, or back to the item).
 */
export default function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  const query = useSandboxCheckout(sessionId);
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (which: 'pay' | 'cancel', call: (id: string) => Promise<SandboxRedirect>) => {
    setBusy(which);
    setProblem(null);
    try {
      const url = safeRedirectUrl((await call(sessionId)).redirectUrl);
      if (!url) throw new Error('No redirect URL in the answer');
      // Busy until the browser has left.
      window.location.assign(url);
    } catch (error) {
      console.error(error);
      setProblem(checkoutFailureMessage(error));
      setBusy(null);
      // It may have been paid or canceled meanwhile (another tab).
      void query.refetch();
    }
  };

  if (query.isPending || query.isError) {
    return (
      <LoadStatus
        error={query.error}
        notFound={{
          title: 'Checkout not found',
          tabTitle: 'Checkout not found',
          text: 'This test checkout does not exist, is not yours, or test mode is off.',
        }}
        failure={`Error: ${errorMessage(query.error, FAILED_FETCH_CHECKOUT)}`}
        failureTabTitle="Checkout"
        action={<RetryButton retrying={query.isFetching} onRetry={() => void query.refetch()} />}
      />
    );
  }
  return (
    <div className={styles.page}>
      <PageTitle>Test checkout · PrintMarket</PageTitle>
      <SandboxCheckoutView
        checkout={query.data}
        busy={busy}
        problem={problem}
        onPay={() => void run('pay', paySandboxCheckout)}
        onCancel={() => void run('cancel', cancelSandboxCheckout)}
      />
    </div>
  );
}
