import { type InputHTMLAttributes, type Ref, useState } from 'react';
import styles from './Field.module.css';
import { Field, type FieldTextProps } from './Field.tsx';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> &
  FieldTextProps & {
    /** For passwords: a Show/Hide button so people can check what they typed. */
    revealable?: boolean;
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled input with its hint and error (see Field). */
export function TextField({ label, error, hint, revealable, id, ref, type, ...input }: TextFieldProps) {
  const [revealed, setRevealed] = useState(false);

  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <div className={styles.control}>
          <input
            {...input}
            {...control}
            ref={ref}
            type={revealable && revealed ? 'text' : type}
            className={`${styles.input} ${revealable ? styles.withButton : ''}`}
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
      )}
    </Field>
  );
}
