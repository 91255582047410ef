import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginSchema } from '@printmarket/shared/auth';
import { MSG } from '@printmarket/shared/messages';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { EmailField } from '@/components/form/EmailField.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { useLoginMutation } from '@/features/auth/api/login.ts';
import form from '@/features/auth/components/AuthForm.module.css';
import { AuthForm } from '@/features/auth/components/AuthForm.tsx';
import { AuthLayout } from '@/features/auth/components/AuthLayout.tsx';
import type { EmailState } from '@/features/auth/email-state.ts';
import { readNotice } from '@/features/auth/notice.ts';
import { useTokenSignIn } from '@/features/auth/use-token-sign-in.ts';
import { paths } from '@/lib/paths.ts';

export default function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Read once and then dropped from the history entry, so a reload does not show it again.
  const [notice] = useState(() => readNotice(location.state));
  useEffect(() => {
    if (notice) navigate('.', { replace: true, state: null });
  }, [notice, navigate]);
  const login = useLoginMutation();
  const { alreadySignedIn, formError, submit } = useTokenSignIn({
    failure: MSG.failedSignIn,
    next: paths.dashboard(),
  });

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  if (alreadySignedIn) return <Navigate to={paths.dashboard()} replace />;

  const onSubmit = handleSubmit((values) => submit(() => login.mutateAsync(values)));

  return (
    <AuthLayout
      title="Sign In"
      subtitle="Welcome back! Sign in to manage your designs and purchases."
      footer={
        <>
          New to PrintMarket? <Link to={paths.signUp()}>Create an account</Link>
        </>
      }
    >
      <AuthForm
        error={formError ?? notice}
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel="Sign In"
        submittingLabel="Signing in..."
        googleLabel="Sign in with Google"
      >
        <EmailField label="Email" error={errors.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {/* The email typed so far goes along, so it need not be typed again. */}
        <Link
          to={paths.forgotPassword()}
          state={{ email: watch('email') } satisfies EmailState}
          className={form.fieldLink}
        >
          Forgot password?
        </Link>
      </AuthForm>
    </AuthLayout>
  );
}
