import { ACCOUNT_SUSPENDED } from '@printmarket/shared/admin';
import { MSG } from '@printmarket/shared/messages';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { NoticeState } from '@/features/auth/notice.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import page from '@/styles/page.module.css';
import styles from './OAuthCallbackPage.module.css';

/**
 * Where Google sign-in returns (docs/product.md#google-sign-in). The one-time code in the address was taken
 * out of it at start (see address-code.ts), and the session exchanges it for a session while the frame shows
 * 'Completing sign in...'. This screen then only has to send the person on.
 */
export default function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useSession();
  const error = params.get('error');

  useEffect(() => {
    // A failure (Google's error, or a code that did not sign anyone in) is explained on the
    // sign-in screen.
    const failed: NoticeState = {
      notice: error === 'account_suspended' ? ACCOUNT_SUSPENDED : MSG.failedSignInGoogle,
    };
    if (error) navigate(paths.login(), { replace: true, state: failed });
    else if (status === 'signed-in') navigate(paths.dashboard(), { replace: true });
    else if (status === 'signed-out') navigate(paths.login(), { replace: true, state: failed });
  }, [error, status, navigate]);

  return (
    <div className={`${page.centered} ${styles.page}`} role="status">
      <PageTitle>Completing sign in · PrintMarket</PageTitle>
      <span className={styles.spinner} aria-hidden="true" />
      <p>Completing sign in...</p>
    </div>
  );
}
