import type { InputHTMLAttributes, Ref } from 'react';
import fieldStyles from '@/components/form/Field.module.css';
import { Field } from '@/components/form/Field.tsx';

type PlanInputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: string;
  invalid: boolean;
  /** The modal's message, which says what is wrong with a marked field. */
  alertId: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled input of the plan modal, marked invalid after a refused save. The words of the problem
 * are in the message at the top (the product's joined sentence), not repeated under each field.
 */
export function PlanInputField({ label, invalid, alertId, ref, ...input }: PlanInputFieldProps) {
  return (
    <Field label={label}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={ref}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? alertId : control['aria-describedby']}
          className={fieldStyles.input}
        />
      )}
    </Field>
  );
}
