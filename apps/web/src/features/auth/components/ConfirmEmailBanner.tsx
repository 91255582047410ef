import { FormAlert } from '@/components/form/FormAlert.tsx';
import { useResendVerificationMutation } from '@/features/auth/api/resend-verification.ts';
import { errorMessage } from '@/lib/api-client.ts';
import button from '@/styles/button.module.css';
import styles from './ConfirmEmailBanner.module.css';

/** A failure the server did not explain (no connection). */
const FAILED_RESEND = 'Failed to send a new link';

/**
 * The dashboard's reminder while the person's address is unconfirmed (docs/product.md#dashboard):
 * quiet, since nothing is wrong yet. The server's answer takes the button's place (and the focus the
 * button had); a refusal shows under it and the button stays, to try again.
 */
export function ConfirmEmailBanner({ email }: { email: string }) {
  const resend = useResendVerificationMutation();
  return (
    <section className={styles.banner} aria-label="Email confirmation">
      <p className={styles.text}>Confirm your email address: we sent a link to {email}.</p>
      {resend.data ? (
        <FormAlert tone="success" takeFocus>
          {resend.data.message}
        </FormAlert>
      ) : (
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? 'Sending...' : 'Send a new link'}
        </button>
      )}
      <FormAlert tone="error">{resend.isError && errorMessage(resend.error, FAILED_RESEND)}</FormAlert>
    </section>
  );
}
