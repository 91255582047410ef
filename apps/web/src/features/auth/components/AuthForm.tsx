import type { FormEventHandler, ReactNode } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import form from './AuthForm.module.css';
import { GoogleButton } from './GoogleButton.tsx';

type AuthFormProps = {
  /** The message about the whole form, shown above it. */
  error: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  /** The Google button under the form, the other way into an account (none without a label). */
  googleLabel?: string;
  /** The fields. */
  children: ReactNode;
};

/** The form of the account screens: its error, the fields, the submit button, then Google. */
export function AuthForm(props: AuthFormProps) {
  return (
    <>
      <FormAlert tone="error">{props.error}</FormAlert>
      <form className={form.form} onSubmit={props.onSubmit} noValidate>
        {props.children}
        <SubmitButton pending={props.submitting} pendingLabel={props.submittingLabel}>
          {props.submitLabel}
        </SubmitButton>
      </form>
      {props.googleLabel && (
        <>
          <div className={form.divider}>or</div>
          <GoogleButton label={props.googleLabel} disabled={props.submitting} />
        </>
      )}
    </>
  );
}
