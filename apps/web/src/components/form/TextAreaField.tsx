import type { Ref, TextareaHTMLAttributes } from 'react';
import styles from './Field.module.css';
import { Field, type FieldTextProps } from './Field.tsx';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> &
  FieldTextProps & {
    ref?: Ref<HTMLTextAreaElement>;
  };

/** The multi-line sibling of TextField, with the same label, hint and error wiring. */
export function TextAreaField({ label, error, hint, id, ref, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <textarea {...textarea} {...control} ref={ref} className={`${styles.input} ${styles.textarea}`} />
      )}
    </Field>
  );
}
