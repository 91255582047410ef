import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@printmarket/shared/password-reset';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { EmailField } from '@/components/form/EmailField.tsx';
import { useForgotPasswordMutation } from '@/features/auth/api/forgot-password.ts';
import { AuthForm } from '@/features/auth/components/AuthForm.tsx';
import { AuthLayout } from '@/features/auth/components/AuthLayout.tsx';
import { AuthOutcome } from '@/features/auth/components/AuthOutcome.tsx';
import { readEmail } from '@/features/auth/email-state.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';

const FAILED_SEND = 'Failed to send the reset link';

/**
 * Asks for a password reset link (docs/product.md#sign-in-and-sign-up). The server answers the same
 * whether or not an account uses the address, and that answer replaces the form.
 */
export default function ForgotPasswordPage() {
  const location = useLocation();
  const forgotPassword = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: readEmail(location.state) },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      setSent((await forgotPassword.mutateAsync(values)).message);
    } catch (error) {
      setFailure(errorMessage(error, FAILED_SEND));
    }
  });

  return (
    <AuthLayout
      title="Forgot password"
      subtitle={
        !sent &&
        'Enter the email address of your account and we will send it a link to choose a new password.'
      }
      footer={
        !sent && (
          <>
            Remembered it? <Link to={paths.signIn()}>Sign in</Link>
          </>
        )
      }
    >
      {sent ? (
        <AuthOutcome tone="success" message={sent} next={{ to: paths.signIn(), label: 'Back to sign in' }} />
      ) : (
        <AuthForm
          error={failure}
          onSubmit={onSubmit}
          submitting={isSubmitting}
          submitLabel="Send reset link"
          submittingLabel="Sending..."
        >
          <EmailField label="Email" error={errors.email?.message} {...register('email')} />
        </AuthForm>
      )}
    </AuthLayout>
  );
}
