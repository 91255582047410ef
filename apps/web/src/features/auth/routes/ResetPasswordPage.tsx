import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@printmarket/shared/constants';
import {
  RESET_LINK_INVALID,
  type ResetPasswordFormInput,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from '@printmarket/shared/password-reset';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { PasswordStrengthMeter } from '@/components/form/PasswordStrengthMeter.tsx';
import { useResetPasswordMutation } from '@/features/auth/api/reset-password.ts';
import { AuthForm } from '@/features/auth/components/AuthForm.tsx';
import { AuthLayout } from '@/features/auth/components/AuthLayout.tsx';
import { AuthOutcome } from '@/features/auth/components/AuthOutcome.tsx';
import { useLinkToken } from '@/hooks/use-link-token.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { weakPasswordProblem } from '@/lib/password-strength.ts';
import { paths } from '@/lib/paths.ts';

const FAILED_RESET = 'Failed to change the password';
const EMPTY: ResetPasswordFormInput = { password: '', confirmPassword: '' };
const ASK_AGAIN = { to: paths.forgotPassword(), label: 'Ask for a new link' };

/**
 * Where a reset mail links to (docs/product.md#sign-in-and-sign-up): the new password, twice. The
 * token is read from the address once and kept here; the address loses it at once, so it stays in
 * no history entry and goes out in no later Referer. Anyone may use it, signed in or not.
 */
export default function ResetPasswordPage() {
  const token = useLinkToken(resetPasswordSchema.shape.token, paths.resetPassword());

  const resetPassword = useResetPasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  // The server's word that the link no longer works.
  const [refused, setRefused] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormInput, unknown, ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) return; // The form shows only with a token; this tells the types so.
    setFailure(null);
    const weak = await weakPasswordProblem(password, []);
    if (weak) {
      setError('password', { message: weak }, { shouldFocus: true });
      return;
    }
    try {
      setDone((await resetPassword.mutateAsync({ token, password })).message);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RESET_TOKEN_INVALID')
        setRefused(errorMessage(error, RESET_LINK_INVALID));
      else if (error instanceof ApiError && error.code === 'WEAK_PASSWORD' && error.serverMessage)
        setError('password', { message: error.serverMessage }, { shouldFocus: true });
      else setFailure(errorMessage(error, FAILED_RESET));
    }
  });

  let content: ReactNode;
  if (done) {
    content = <AuthOutcome tone="success" message={done} next={{ to: paths.signIn(), label: 'Sign in' }} />;
  } else if (!token || refused) {
    // Without a token the page opened like this: nothing to move the focus away from.
    content = (
      <AuthOutcome
        tone="error"
        message={refused ?? RESET_LINK_INVALID}
        next={ASK_AGAIN}
        takeFocus={refused !== null}
      />
    );
  } else {
    content = (
      <AuthForm
        error={failure}
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel="Change password"
        submittingLabel="Changing password..."
      >
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...register('password', {
            // Once the confirmation was filled in, a change here re-checks 'Passwords do not match'.
            onChange: () => {
              if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
            },
          })}
        />
        <PasswordStrengthMeter password={watch('password') ?? ''} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </AuthForm>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      footer={
        !done && (
          <>
            Remembered it? <Link to={paths.signIn()}>Sign in</Link>
          </>
        )
      }
    >
      {content}
    </AuthLayout>
  );
}
