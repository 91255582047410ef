import {
  ACCOUNT_DELETED,
  ACCOUNT_DELETION_EFFECTS,
  DELETE_CONFIRM_WITH_USERNAME,
  DELETE_CONFIRMATION_REQUIRED,
} from '@printmarket/shared/account-deletion';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { useDeleteAccountMutation } from '@/features/settings/api/delete-account.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { clearStoredSession } from '@/lib/auth-storage.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import { isUnauthorized } from '@/lib/unauthorized.ts';
import button from '@/styles/button.module.css';
import styles from './SettingsForms.module.css';

const FAILED_DELETE = 'Failed to delete your account';
const USERNAME_REQUIRED = 'Enter your username to confirm.';

/**
 * Settings > Security: what deleting the account does, and the button that opens the confirmation.
 * The Download my data button sits just above, hence the note.
 */
export function DeleteAccountSection({ onUnauthorized }: { onUnauthorized(): void }) {
  const [open, setOpen] = useState(false);
  // Set when the server said the account has no password (it signs in with Google): from then on,
  // in a later opening too, the username confirms.
  const [usernameNotice, setUsernameNotice] = useState<string | null>(null);

  return (
    <>
      <ul className={styles.effects}>
        {ACCOUNT_DELETION_EFFECTS.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
      <p className={styles.note}>Want a copy of your data? Use Download my data above before you delete.</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${button.base} ${button.primary} ${styles.danger}`}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          Delete my account
        </button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title="Delete your account?">
        {(close) => (
          <ConfirmDeletion
            usernameNotice={usernameNotice}
            onNoPassword={setUsernameNotice}
            onUnauthorized={onUnauthorized}
            onCancel={close}
          />
        )}
      </Dialog>
    </>
  );
}

type Confirmation = { password: string; username: string };

type ConfirmDeletionProps = {
  /** The server's word that this account confirms with its username; null: with the password. */
  usernameNotice: string | null;
  onNoPassword(message: string): void;
  onUnauthorized(): void;
  onCancel(): void;
};

/** The dialog's form: the password (or the username), then the final button. */
function ConfirmDeletion({ usernameNotice, onNoPassword, onUnauthorized, onCancel }: ConfirmDeletionProps) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccountMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const byUsername = usernameNotice !== null;
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Confirmation>({ defaultValues: { password: '', username: '' } });

  // The password field the person was in gives way to the username field: the focus follows.
  useEffect(() => {
    if (byUsername) setFocus('username');
  }, [byUsername, setFocus]);

  const onSubmit = handleSubmit(async ({ password, username }) => {
    setFailure(null);
    try {
      await deleteAccount.mutateAsync(byUsername ? { username } : { password });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      const said = error instanceof ApiError ? error.serverMessage : null;
      if (isUnauthorized(error)) onUnauthorized();
      else if (code === 'NO_PASSWORD') onNoPassword(said ?? DELETE_CONFIRM_WITH_USERNAME);
      else if (code === 'WRONG_PASSWORD' && said)
        setError('password', { message: said }, { shouldFocus: true });
      else if (code === 'WRONG_USERNAME' && said)
        setError('username', { message: said }, { shouldFocus: true });
      else setFailure(errorMessage(error, FAILED_DELETE));
      return;
    }
    // The server has ended the session already: with the token forgotten first, signOut clears the
    // rest as on Logout without a logout call the server could only refuse. Home first: signed out
    // while Settings is still shown, the sign-in guard would send the person to /signin instead.
    clearStoredSession();
    await navigate(paths.home(), { state: { notice: ACCOUNT_DELETED } });
    await signOut();
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert tone="error">{failure}</FormAlert>
      <p>This cannot be undone.</p>
      {byUsername ? (
        <>
          <FormAlert tone="info">{usernameNotice}</FormAlert>
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username?.message}
            {...register('username', { required: USERNAME_REQUIRED })}
          />
        </>
      ) : (
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', { required: DELETE_CONFIRMATION_REQUIRED })}
        />
      )}
      <div className={styles.dialogActions}>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          onClick={onCancel}
          disabled={isSubmitting}
        >
          Cancel
        </button>
        <button
          type="submit"
          className={`${button.base} ${button.primary} ${styles.danger}`}
          disabled={isSubmitting}
          aria-busy={isSubmitting}
        >
          {isSubmitting ? 'Deleting...' : 'Delete my account'}
        </button>
      </div>
    </form>
  );
}
