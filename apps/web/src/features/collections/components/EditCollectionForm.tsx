import type { CollectionSummary } from '@printmarket/shared/types';
import { type FormEvent, useRef, useState } from 'react';
import button from '@/app/styles/button.module.css';
import { FormActions } from '@/components/form/FormActions.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import {
  FAILED_UPDATE_COLLECTION,
  useUpdateCollection,
} from '@/features/collections/api/update-collection.ts';
import {
  type CollectionFormValues,
  collectionPayload,
  editCollectionProblems,
  formValuesFromCollection,
  problemsByField,
} from '@/features/collections/collection-form.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { DetailsFields, VisibilityField } from './DetailsFields.tsx';
import styles from './EditCollectionForm.module.css';
import { PricingFields } from './PricingFields.tsx';

type EditCollectionFormProps = {
  collection: CollectionSummary;
  onSaved(): void;
  onCancel(): void;
};

/**
 * The Edit Collection modal's form: name, description, visibility and pricing with the rules of
 * docs/product.md#collections. A refused save keeps everything typed and says why.
 */
export function EditCollectionForm({ collection, onSaved, onCancel }: EditCollectionFormProps) {
  const [values, setValues] = useState<CollectionFormValues>(() => formValuesFromCollection(collection));
  const [attempted, setAttempted] = useState(false);
  const update = useUpdateCollection(collection.id);
  const nameRef = useRef<HTMLInputElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  const problems = editCollectionProblems(values);
  const shown = attempted ? problemsByField(problems) : {};

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setAttempted(true);
    const first = problems[0];
    if (first) {
      (first.field === 'price' ? priceRef : nameRef).current?.focus();
      return;
    }
    update.mutate(collectionPayload(values), { onSuccess: onSaved });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={update.isPending}>
      <FormAlert tone="error">
        {update.isError ? errorMessage(update.error, FAILED_UPDATE_COLLECTION) : null}
      </FormAlert>
      <fieldset className={styles.fieldset} disabled={update.isPending}>
        <DetailsFields values={values} onChange={setValues} errors={shown} nameRef={nameRef} />
        <VisibilityField values={values} onChange={setValues} />
        <PricingFields values={values} onChange={setValues} priceError={shown.price} priceRef={priceRef} />
      </fieldset>
      <FormActions
        cancel={
          <button
            type="button"
            className={`${button.base} ${button.secondary} ${button.large}`}
            onClick={onCancel}
          >
            Cancel
          </button>
        }
        submit={
          <SubmitButton pending={update.isPending} pendingLabel="Saving...">
            Save Changes
          </SubmitButton>
        }
      />
    </form>
  );
}
