import { zodResolver } from '@hookform/resolvers/zod';
import { type SignUpFormInput, signUpFormSchema } from '@printmarket/shared/auth';
import { USERNAME_MAX_LENGTH } from '@printmarket/shared/constants';
import { MSG } from '@printmarket/shared/messages';
import { type ChangeEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { EmailField } from '@/components/form/EmailField.tsx';
import { PasswordField } from '@/components/form/PasswordField.tsx';
import { PasswordStrengthMeter } from '@/components/form/PasswordStrengthMeter.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useRegisterMutation } from '@/features/auth/api/register.ts';
import form from '@/features/auth/components/AuthForm.module.css';
import { AuthForm } from '@/features/auth/components/AuthForm.tsx';
import { AuthLayout } from '@/features/auth/components/AuthLayout.tsx';
import { useTokenSignIn } from '@/features/auth/use-token-sign-in.ts';
import { filterUsername } from '@/features/auth/username-input.ts';
import { weakPasswordProblem } from '@/lib/password-strength.ts';
import { paths } from '@/lib/paths.ts';

const EMPTY: SignUpFormInput = { username: '', name: '', email: '', password: '', confirmPassword: '' };

export default function SignUpPage() {
  const registerAccount = useRegisterMutation();
  const { alreadySignedIn, formError, submit } = useTokenSignIn({
    failure: MSG.failedCreateAccount,
    next: paths.setupProfile(),
  });
  const [usernameRejected, setUsernameRejected] = useState(false);

  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput, unknown, SignUpFormInput>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  if (alreadySignedIn) return <Navigate to={paths.dashboard()} replace />;

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

  const personal = [watch('username') ?? '', watch('name') ?? '', watch('email') ?? ''];

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    const weak = await weakPasswordProblem(values.password, [values.username, values.name, values.email]);
    if (weak) {
      setError('password', { message: weak }, { shouldFocus: true });
      return;
    }
    await submit(() => registerAccount.mutateAsync(values));
  });

  return (
    <AuthLayout
      title="Sign Up"
      subtitle="Create your account to upload, sell and collect 3D-printable designs."
      footer={
        <>
          Already have an account? <Link to={paths.signIn()}>Sign in</Link>
        </>
      }
    >
      <AuthForm
        error={formError}
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel="Sign Up"
        submittingLabel="Creating account..."
        googleLabel="Sign up with Google"
      >
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
        <EmailField label="Email" error={errors.email?.message} {...register('email')} />
        <div className={form.row}>
          <PasswordField
            label="Password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password', {
              // Once the confirmation was filled in, a change here re-checks 'Passwords do not match'.
              onChange: () => {
                if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
              },
            })}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        <PasswordStrengthMeter password={watch('password') ?? ''} personal={personal} />
      </AuthForm>
    </AuthLayout>
  );
}
