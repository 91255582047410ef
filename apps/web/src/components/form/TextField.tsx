import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import styles from './Field.module.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** For passwords: a Show/Hide button so people can check what they typed. */
  revealable?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled input with its hint and error. The error is tied to the input (aria-describedby,
 * aria-invalid) and sits in a polite live region, so a message that appears while typing is read out.
 */
export function TextField({ label, error, hint, revealable, id, ref, type, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [revealed, setRevealed] = useState(false);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          {...input}
          ref={ref}
          id={inputId}
          type={revealable && revealed ? 'text' : type}
          className={`${styles.input} ${revealable ? styles.withButton : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {revealable && (
          <button
            type="button"
            className={styles.reveal}
            onClick={() => setRevealed((value) => !value)}
            aria-pressed={revealed}
            aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <p id={errorId} className={styles.error} aria-live="polite">
        {error}
      </p>
    </div>
  );
}
