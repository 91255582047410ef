import { VERIFY_LINK_INVALID, verifyEmailSchema } from '@printmarket/shared/email-verification';
import { type ReactNode, useEffect, useRef } from 'react';
import { useVerifyEmailMutation } from '@/features/auth/api/verify-email.ts';
import { AuthLayout } from '@/features/auth/components/AuthLayout.tsx';
import { AuthOutcome } from '@/features/auth/components/AuthOutcome.tsx';
import { useLinkToken } from '@/hooks/use-link-token.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import styles from './VerifyEmailPage.module.css';

/** A failure the server did not explain (no connection); the link itself still works. */
const FAILED_CONFIRM = 'Could not confirm your email address. Open the link in the mail again.';

/**
 * Where a confirmation mail links to (docs/product.md#sign-in-and-sign-up). It confirms at once,
 * with nothing to press. The token is read from the address once and kept here; the address loses it
 * at once, so it stays in no history entry and goes out in no later Referer. No session is needed:
 * the link may be opened in another browser.
 */
export default function VerifyEmailPage() {
  const token = useLinkToken(verifyEmailSchema.shape.token, paths.verifyEmail());

  const { status, refresh } = useSession();
  const signedIn = status === 'signed-in';
  const verify = useVerifyEmailMutation();
  const { mutate } = verify;
  // A link works once: a ref keeps a second run of the effect (StrictMode's) from sending it again.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  // The session still says the address is unconfirmed; reloaded, the dashboard's banner goes.
  const confirmed = verify.isSuccess;
  useEffect(() => {
    if (confirmed && signedIn) void refresh();
  }, [confirmed, signedIn, refresh]);

  const next = signedIn
    ? { to: paths.dashboard(), label: 'Go to your dashboard' }
    : { to: paths.signIn(), label: 'Sign in' };

  let content: ReactNode;
  if (!token) {
    // The page opened like this: nothing to move the focus away from.
    content = <AuthOutcome tone="error" message={VERIFY_LINK_INVALID} next={next} takeFocus={false} />;
  } else if (verify.data) {
    content = <AuthOutcome tone="success" message={verify.data.message} next={next} />;
  } else if (verify.isError) {
    content = <AuthOutcome tone="error" message={errorMessage(verify.error, FAILED_CONFIRM)} next={next} />;
  } else {
    content = (
      <p role="status" className={styles.pending}>
        Confirming your email address...
      </p>
    );
  }

  return <AuthLayout title="Confirm your email">{content}</AuthLayout>;
}
