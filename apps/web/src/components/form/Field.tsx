import { type ReactNode, useId } from 'react';
import styles from './Field.module.css';

/** What the control inside a Field needs to be tied to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The words around a control, the same for every kind of field. */
export type FieldTextProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
};

type FieldProps = FieldTextProps & {
  /** The control's id; one is made up when not given. */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A form control with its label, hint and error. The error is tied to the control (aria-describedby,
 * aria-invalid) and sits in a polite live region, so a message that appears while typing is read out.
 */
export function Field({ label, error, hint, id, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.field}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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
