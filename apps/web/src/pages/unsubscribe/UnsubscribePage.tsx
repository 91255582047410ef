import { UNSUBSCRIBE_LINK_INVALID, unsubscribeSchema } from '@printmarket/shared/notifications';
import { type ReactNode, useEffect, useRef } from 'react';
import { AuthLayout } from '@/features/auth/components/AuthLayout.tsx';
import { AuthOutcome } from '@/features/auth/components/AuthOutcome.tsx';
import { useUnsubscribeMutation } from '@/features/notifications/api/unsubscribe.ts';
import { useLinkToken } from '@/hooks/use-link-token.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import styles from './UnsubscribePage.module.css';

/** A failure the server did not explain (no connection); the link itself still works. */
const FAILED_UNSUBSCRIBE = 'Could not turn these emails off. Open the link in the mail again.';
const SETTINGS = { to: paths.settings({ tab: 'preferences' }), label: 'Manage all emails in Settings' };
const HOME = { to: paths.home(), label: 'Go to the home page' };

/**
 * Where the link at the foot of every notification mail leads: it turns that kind of mail off at
 * once, with nothing to press and no session needed (the mail may be opened anywhere). The token is
 * read from the address once and kept here; the address loses it at once, so it stays in no history
 * entry and goes out in no later Referer.
 */
export default function UnsubscribePage() {
  const token = useLinkToken(unsubscribeSchema.shape.token, paths.unsubscribe());

  const unsubscribe = useUnsubscribeMutation();
  const { mutate } = unsubscribe;
  // Sent once: a ref keeps a second run of the effect (StrictMode's) from sending it again.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  let content: ReactNode;
  if (!token) {
    // The page opened like this: nothing to move the focus away from.
    content = (
      <AuthOutcome
        tone="error"
        message={UNSUBSCRIBE_LINK_INVALID}
        next={SETTINGS}
        also={HOME}
        takeFocus={false}
      />
    );
  } else if (unsubscribe.data) {
    content = <AuthOutcome tone="success" message={unsubscribe.data.message} next={SETTINGS} also={HOME} />;
  } else if (unsubscribe.isError) {
    content = (
      <AuthOutcome
        tone="error"
        message={errorMessage(unsubscribe.error, FAILED_UNSUBSCRIBE)}
        next={SETTINGS}
        also={HOME}
      />
    );
  } else {
    content = (
      <p role="status" className={styles.pending}>
        Turning these emails off...
      </p>
    );
  }

  return <AuthLayout title="Unsubscribe">{content}</AuthLayout>;
}
