import { MSG } from '@printmarket/shared/messages';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import page from '@/app/styles/page.module.css';
import type { NoticeState } from '@/features/auth/notice.ts';
import { useSession } from '@/features/auth/session.tsx';
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
    const failed: NoticeState = { notice: MSG.failedSignInGoogle };
    if (error) navigate('/login', { replace: true, state: failed });
    else if (status === 'signed-in') navigate('/dashboard', { replace: true });
    else if (status === 'signed-out') navigate('/login', { replace: true, state: failed });
  }, [error, status, navigate]);

  return (
    <div className={`${page.centered} ${styles.page}`} role="status">
      <title>Completing sign in · PrintMarket</title>
      <span className={styles.spinner} aria-hidden="true" />
      <p>Completing sign in...</p>
    </div>
  );
}
