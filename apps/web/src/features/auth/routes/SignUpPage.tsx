import { zodResolver } from '@hookform/resolvers/zod';
import { type SignUpFormInput, signUpFormSchema } from '@printmarket/shared/auth';
import { USERNAME_MAX_LENGTH } from '@printmarket/shared/constants';
import { MSG } from '@printmarket/shared/messages';
import { type ChangeEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import button from '../../../app/styles/button.module.css';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRegisterMutation } from '../api/register.ts';
import form from '../components/AuthForm.module.css';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { useSession } from '../session.tsx';
import { filterUsername } from '../username-input.ts';

const EMPTY: SignUpFormInput = { username: '', name: '', email: '', password: '', confirmPassword: '' };

export default function SignUpPage() {
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  const registerAccount = useRegisterMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [usernameRejected, setUsernameRejected] = useState(false);
  const [alreadySignedIn] = useState(status === 'signed-in');

  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput, unknown, SignUpFormInput>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  if (alreadySignedIn) return <Navigate to="/dashboard" replace />;

  const usernameField = register('username');
  // Letters and digits only: anything else is dropped as it is typed or pasted, and the rule is
  // shown, so the person sees at once why a character did not appear.
  const onUsernameChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const filtered = filterUsername(input.value, input.selectionStart ?? input.value.length);
    if (filtered.rejected) {
      input.value = filtered.value;
      input.setSelectionRange(filtered.caret, filtered.caret);
    }
    // The rule stays on screen while the person keeps typing, and goes when they leave the field.
    if (filtered.rejected) setUsernameRejected(true);
    return usernameField.onChange(event);
  };

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setFormError(null);
    try {
      const { token, user } = await registerAccount.mutateAsync(values);
      if (!token) {
        setFormError(MSG.tokenNotReceived);
        return;
      }
      const signedIn = await signIn(token, user);
      if (!signedIn) {
        setFormError(MSG.failedCreateAccount);
        return;
      }
      navigate('/setup-profile', { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, MSG.failedCreateAccount));
    }
  });

  return (
    <AuthLayout
      title="Sign Up"
      subtitle="Create your account to upload, sell and collect 3D-printable designs."
      footer={
        <>
          Already have an account? <Link to="/signin">Sign in</Link>
        </>
      }
    >
      <FormAlert tone="error">{formError}</FormAlert>
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USERNAME_MAX_LENGTH}
          hint="Letters and numbers only. This is your public name on PrintMarket."
          error={usernameRejected ? MSG.usernameChars : errors.username?.message}
          {...usernameField}
          onChange={onUsernameChange}
          onBlur={(event) => {
            setUsernameRejected(false);
            return usernameField.onBlur(event);
          }}
        />
        <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
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
        <div className={form.row}>
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            revealable
            error={errors.password?.message}
            {...register('password', {
              // Once the confirmation was filled in, a change here re-checks 'Passwords do not match'.
              onChange: () => {
                if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
              },
            })}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            revealable
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        <button
          type="submit"
          className={`${button.base} ${button.primary} ${button.large} ${button.block}`}
          disabled={isSubmitting}
        >
          {isSubmitting ? 'Creating account...' : 'Sign Up'}
        </button>
      </form>
      <div className={form.divider}>or</div>
      <GoogleButton label="Sign up with Google" disabled={isSubmitting} />
    </AuthLayout>
  );
}
