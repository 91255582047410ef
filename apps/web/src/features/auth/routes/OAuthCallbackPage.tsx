import { MSG } from '@printmarket/shared/messages';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import page from '../../../app/styles/page.module.css';
import type { NoticeState } from '../notice.ts';
import { useSession } from '../session.tsx';
import styles from './OAuthCallbackPage.module.css';

/**
 * Where Google sign-in returns (spec section 2). The token in the address was already stored and
 * removed from it at start (see address-token.ts), and the session loads it while the frame shows
 * 'Completing sign in...'. This screen then only has to send the person on.
 */
export default function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, signIn } = useSession();
  const error = params.get('error');
  const token = params.get('token');

  useEffect(() => {
    // A failure (Google's error, or a token that did not load) is explained on the sign-in screen.
    const failed: NoticeState = { notice: MSG.failedSignInGoogle };
    if (error) {
      navigate('/login', { replace: true, state: failed });
      return;
    }
    if (token) {
      // Reached without a page load (the start-up step did not see this token): sign in now.
      // Drop the token from the address first, so this branch runs once.
      navigate('/oauth-callback', { replace: true });
      void signIn(token);
      return;
    }
    if (status === 'signed-in') navigate('/dashboard', { replace: true });
    else if (status === 'signed-out') navigate('/login', { replace: true, state: failed });
  }, [error, token, status, navigate, signIn]);

  return (
    <div className={`${page.centered} ${styles.page}`} role="status">
      <title>Completing sign in · PrintMarket</title>
      <span className={styles.spinner} aria-hidden="true" />
      <p>Completing sign in...</p>
    </div>
  );
}
