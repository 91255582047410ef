import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEmailInput, changeEmailSchema, SAME_EMAIL } from '@printmarket/shared/email-change';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EmailField } from '@/components/form/EmailField.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { useChangeEmailMutation } from '@/features/settings/api/change-email.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import button from '@/styles/button.module.css';
import styles from './SettingsForms.module.css';

const FAILED_CHANGE = 'Failed to change email address';
const EMPTY: ChangeEmailInput = { newEmail: '', password: '' };

/**
 * Settings > Security: a new address and the password. Nothing changes yet: the server mails a link
 * to the new address, and the address changes when it is opened (the /verify-email screen).
 */
export function ChangeEmailForm({
  currentEmail,
  onUnauthorized,
}: {
  currentEmail: string;
  onUnauthorized(): void;
}) {
  const changeEmail = useChangeEmailMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailInput, unknown, ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (input) => {
    setSent(null);
    setFailure(null);
    // The server refuses it too; said here, it needs no round trip.
    if (input.newEmail === currentEmail.toLowerCase()) {
      setError('newEmail', { message: SAME_EMAIL }, { shouldFocus: true });
      return;
    }
    try {
      const result = await changeEmail.mutateAsync(input);
      // The message names the new address; the password does not stay in the page.
      reset(EMPTY);
      setSent(result.message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized();
      else if (error instanceof ApiError && error.code === 'WRONG_PASSWORD' && error.serverMessage)
        setError('password', { message: error.serverMessage }, { shouldFocus: true });
      // A taken address, the current one, or one the server finds invalid: all about the address.
      else if (error instanceof ApiError && isAboutTheAddress(error) && error.serverMessage)
        setError('newEmail', { message: error.serverMessage }, { shouldFocus: true });
      else setFailure(errorMessage(error, FAILED_CHANGE));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert tone="error">{failure}</FormAlert>
      <FormAlert tone="success" takeFocus>
        {sent}
      </FormAlert>
      <p className={styles.note}>Current address: {currentEmail}</p>
      <EmailField label="New email address" error={errors.newEmail?.message} {...register('newEmail')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className={styles.actions}>
        <button type="submit" className={`${button.base} ${button.primary}`} disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send confirmation link'}
        </button>
      </div>
    </form>
  );
}

const isAboutTheAddress = (error: ApiError) => error.status === 400 || error.code === 'EMAIL_TAKEN';
