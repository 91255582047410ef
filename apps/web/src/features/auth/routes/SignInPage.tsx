import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginSchema } from '@printmarket/shared/auth';
import { MSG } from '@printmarket/shared/messages';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import button from '../../../app/styles/button.module.css';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLoginMutation } from '../api/login.ts';
import form from '../components/AuthForm.module.css';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { readNotice } from '../notice.ts';
import { useSession } from '../session.tsx';

export default function SignInPage() {
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once and then dropped from the history entry, so a reload does not show it again.
  const [notice] = useState(() => readNotice(location.state));
  useEffect(() => {
    if (notice) navigate('.', { replace: true, state: null });
  }, [notice, navigate]);
  const login = useLoginMutation();
  const [formError, setFormError] = useState<string | null>(null);
  // Decided once: someone already signed in has nothing to do here. After signing in on this
  // screen, the submit handler navigates itself.
  const [alreadySignedIn] = useState(status === 'signed-in');

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  if (alreadySignedIn) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { token, user } = await login.mutateAsync(values);
      if (!token) {
        setFormError(MSG.tokenNotReceived);
        return;
      }
      const signedIn = await signIn(token, user);
      if (!signedIn) {
        setFormError(MSG.failedSignIn);
        return;
      }
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, MSG.failedSignIn));
    }
  });

  return (
    <AuthLayout
      title="Sign In"
      subtitle="Welcome back! Sign in to manage your designs and purchases."
      footer={
        <>
          New to PrintMarket? <Link to="/signup">Create an account</Link>
        </>
      }
    >
      <FormAlert tone="error">{formError ?? notice}</FormAlert>
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          revealable
          error={errors.password?.message}
          {...register('password')}
        />
        <button
          type="submit"
          className={`${button.base} ${button.primary} ${button.large} ${button.block}`}
          disabled={isSubmitting}
        >
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <div className={form.divider}>or</div>
      <GoogleButton label="Sign in with Google" disabled={isSubmitting} />
    </AuthLayout>
  );
}
