import type { ReactNode } from 'react';
import button from '@/styles/button.module.css';

type SubmitButtonProps = {
  /** While the form is being sent: the button says so and cannot be pressed again. */
  pending: boolean;
  pendingLabel: string;
  /** Disabled for longer than `pending` (e.g. while moving on after success). */
  disabled?: boolean;
  children: ReactNode;
};

/** The full-width main button at the end of a form. */
export function SubmitButton({ pending, pendingLabel, disabled = pending, children }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`${button.base} ${button.primary} ${button.large} ${button.block}`}
      disabled={disabled}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
