import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { LoadStatus } from '@/components/ui/LoadStatus.tsx';
import { RetryButton } from '@/components/ui/RetryButton.tsx';
import {
  FAILED_COMPLETE_ONBOARDING,
  useCompleteSandboxOnboarding,
} from '@/features/seller/api/complete-sandbox-onboarding.ts';
import { FAILED_SANDBOX_ACCOUNT, useSandboxAccount } from '@/features/seller/api/get-sandbox-account.ts';
import { SandboxConnectPanel } from '@/features/seller/components/SandboxConnectPanel.tsx';
import { appPath } from '@/features/seller/seller-labels.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';
import styles from './SandboxConnectPage.module.css';

/**
 * /sandbox/connect/{accountId}: where 'Connect with Stripe' leads in test mode, standing in for the
 * provider's onboarding. Only the account's seller may see it, so a signed-out visitor signs in first.
 */
export default function SandboxConnectPage() {
  const { accountId = '' } = useParams();
  const { status } = useSession();
  if (status === 'loading') return null;
  if (status === 'signed-out') return <Navigate to={paths.signIn()} replace />;
  return <SandboxConnect accountId={accountId} />;
}

function SandboxConnect({ accountId }: { accountId: string }) {
  const navigate = useNavigate();
  const query = useSandboxAccount(accountId);
  const complete = useCompleteSandboxOnboarding(accountId);

  if (query.isPending || query.isError) {
    return (
      <LoadStatus
        error={query.error}
        notFound={{
          title: 'Test account not found',
          tabTitle: 'Test account not found',
          text: 'Test mode may be off, or the address may be mistyped.',
        }}
        failure={`Error: ${errorMessage(query.error, FAILED_SANDBOX_ACCOUNT)}`}
        action={
          <div className={styles.actions}>
            <RetryButton retrying={query.isFetching} onRetry={() => void query.refetch()} />
            <Link to={paths.sellerDashboard()} className={`${button.base} ${button.secondary}`}>
              Back to Seller Dashboard
            </Link>
          </div>
        }
      />
    );
  }

  const onComplete = () =>
    complete.mutate(undefined, {
      onSuccess: ({ redirectUrl }) => {
        // The dashboard is the app's own page: no reload. Anything else the browser loads itself.
        const target = redirectUrl || paths.sellerDashboard();
        const path = appPath(target, window.location.origin);
        if (path) navigate(path, { replace: true });
        else window.location.assign(target);
      },
    });

  return (
    <div className={styles.page}>
      <PageTitle>Test mode onboarding · PrintMarket</PageTitle>
      <SandboxConnectPanel
        account={query.data}
        onComplete={onComplete}
        pending={complete.isPending || complete.isSuccess}
        problem={complete.isError ? errorMessage(complete.error, FAILED_COMPLETE_ONBOARDING) : null}
      />
    </div>
  );
}
