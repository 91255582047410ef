import type { CollectionSummary } from '@printmarket/shared/types';
import { type FormEvent, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '@/components/form/FormActions.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import {
  FAILED_UPDATE_COLLECTION,
  useUpdateCollection,
} from '@/features/collections/api/update-collection.ts';
import {
  type CollectionFormValues,
  type CollectionPayload,
  editCollectionResolver,
  firstProblemField,
  formValuesFromCollection,
  shownProblems,
} from '@/features/collections/collection-form.ts';
import { valuesSetter } from '@/features/collections/use-collection-values.ts';
import { errorMessage } from '@/lib/api-client.ts';
import button from '@/styles/button.module.css';
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
  const form = useForm<CollectionFormValues, unknown, CollectionPayload>({
    resolver: editCollectionResolver,
    defaultValues: formValuesFromCollection(collection),
    // Problems show from the first attempt on, and then follow every change (see valuesSetter).
    shouldFocusError: false,
  });
  const values = form.watch();
  const setValues = valuesSetter(form);
  const shown = shownProblems(form.formState.errors);
  const update = useUpdateCollection(collection.id);
  const nameRef = useRef<HTMLInputElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);

  const submit = form.handleSubmit(
    (payload) => update.mutate(payload, { onSuccess: onSaved }),
    (problems) => (firstProblemField(problems) === 'price' ? priceRef : nameRef).current?.focus(),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    void submit(event);
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
