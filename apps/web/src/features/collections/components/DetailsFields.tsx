import { COLLECTION_DESCRIPTION_MAX_LENGTH } from '@printmarket/shared/collections';
import { COLLECTION_NAME_MAX_LENGTH } from '@printmarket/shared/uploads';
import { type Ref, useId } from 'react';
import { ChoiceCard } from '@/components/form/ChoiceCard.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import type { CollectionFormValues } from '@/features/collections/collection-form.ts';
import styles from './FormSections.module.css';

type DetailsFieldsProps = {
  values: CollectionFormValues;
  onChange(values: CollectionFormValues): void;
  errors: { name?: string; description?: string };
  nameRef?: Ref<HTMLInputElement>;
};

/** Name and description of a collection (create form and edit modal). */
export function DetailsFields({ values, onChange, errors, nameRef }: DetailsFieldsProps) {
  return (
    <>
      <TextField
        ref={nameRef}
        label="Name"
        value={values.name}
        maxLength={COLLECTION_NAME_MAX_LENGTH}
        autoComplete="off"
        required
        error={errors.name}
        onChange={(event) => onChange({ ...values, name: event.target.value })}
      />
      <TextAreaField
        label="Description"
        value={values.description}
        maxLength={COLLECTION_DESCRIPTION_MAX_LENGTH}
        rows={4}
        error={errors.description}
        onChange={(event) => onChange({ ...values, description: event.target.value })}
      />
    </>
  );
}

const VISIBILITIES = [
  { value: 'public', title: 'Public', hint: 'Anyone can see it on your profile.' },
  { value: 'private', title: 'Private', hint: 'Only you can see it.' },
] as const;

/** Public or private (docs/product.md#limits-and-constants). */
export function VisibilityField({ values, onChange }: Pick<DetailsFieldsProps, 'values' | 'onChange'>) {
  const name = useId();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Visibility</legend>
      <div className={styles.choices}>
        {VISIBILITIES.map((option) => (
          <ChoiceCard
            key={option.value}
            name={name}
            value={option.value}
            title={option.title}
            hint={option.hint}
            checked={values.visibility === option.value}
            onChange={() => onChange({ ...values, visibility: option.value })}
          />
        ))}
      </div>
    </fieldset>
  );
}
