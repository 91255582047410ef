import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordFormInput, changePasswordFormSchema } from '@printmarket/shared/password-change';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { PasswordStrengthMeter } from '@/components/form/PasswordStrengthMeter.tsx';
import { useChangePasswordMutation } from '@/features/settings/api/change-password.ts';
import { passwordChangedText } from '@/features/settings/password-messages.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { weakPasswordProblem } from '@/lib/password-strength.ts';
import button from '@/styles/button.module.css';
import styles from './SettingsForms.module.css';

const FAILED_CHANGE = 'Failed to change password';
const EMPTY: ChangePasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Settings > Security: the current password, then the new one twice (the sign-up rules). After the
 * change every other session is signed out; this one stays.
 */
export function ChangePasswordForm({
  onUnauthorized,
  personal,
}: {
  onUnauthorized(): void;
  /** The person's username and email: a new password built from them is weak. */
  personal: readonly string[];
}) {
  const changePassword = useChangePasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput, unknown, ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setDone(null);
    setFailure(null);
    const weak = await weakPasswordProblem(newPassword, personal);
    if (weak) {
      setError('newPassword', { message: weak }, { shouldFocus: true });
      return;
    }
    try {
      const result = await changePassword.mutateAsync({ currentPassword, newPassword });
      // Passwords do not stay in the page once they did their job.
      reset(EMPTY);
      setDone(passwordChangedText(result));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized();
      else if (error instanceof ApiError && error.code === 'WRONG_PASSWORD' && error.serverMessage)
        setError('currentPassword', { message: error.serverMessage }, { shouldFocus: true });
      else if (error instanceof ApiError && error.code === 'WEAK_PASSWORD' && error.serverMessage)
        setError('newPassword', { message: error.serverMessage }, { shouldFocus: true });
      else setFailure(errorMessage(error, FAILED_CHANGE));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert tone="error">{failure}</FormAlert>
      <FormAlert tone="success">{done}</FormAlert>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordStrengthMeter password={watch('newPassword') ?? ''} personal={personal} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <p className={styles.note}>
        Changing your password signs you out everywhere else: on other browsers and devices.
      </p>
      <div className={styles.actions}>
        <button type="submit" className={`${button.base} ${button.primary}`} disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change Password'}
        </button>
      </div>
    </form>
  );
}
