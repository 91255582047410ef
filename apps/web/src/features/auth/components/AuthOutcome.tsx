import { Link } from 'react-router';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import button from '@/styles/button.module.css';
import form from './AuthForm.module.css';

type AuthOutcomeProps = {
  tone: 'success' | 'error';
  message: string;
  /** The way on: the one thing left to do. */
  next: { to: string; label: string };
  /** A second way on, less prominent. */
  also?: { to: string; label: string };
  /** True when the message replaces a form the person was in (see FormAlert). */
  takeFocus?: boolean;
};

/** What an account screen shows in place of its form once there is nothing to fill in: the message and the way on. */
export function AuthOutcome({ tone, message, next, also, takeFocus = true }: AuthOutcomeProps) {
  return (
    <div className={form.form}>
      <FormAlert tone={tone} takeFocus={takeFocus}>
        {message}
      </FormAlert>
      <Link to={next.to} className={`${button.base} ${button.primary} ${button.large} ${button.block}`}>
        {next.label}
      </Link>
      {also && (
        <Link to={also.to} className={`${button.base} ${button.secondary} ${button.large} ${button.block}`}>
          {also.label}
        </Link>
      )}
    </div>
  );
}
