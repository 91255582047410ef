import { COLLECTION_NAME_MAX_LENGTH } from '@printmarket/shared/uploads';
import type { UseFormReturn } from 'react-hook-form';
import choice from '@/components/form/Choice.module.css';
import { ChoiceCard } from '@/components/form/ChoiceCard.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { CollectionSelect } from '@/features/collections/components/CollectionSelect.tsx';
import type { UploadFormValues } from '@/features/upload/upload-form.ts';
import styles from './MonetizationStep.module.css';
import step from './WizardStep.module.css';

/**
 * Step 3, 'Monetization & Collection': free or paid (choosing free clears the price), and
 * optionally one of the creator's collections or a new one (docs/product.md#upload-wizard: ticking "create
 * new" clears the existing choice; unticking clears the new collection's name, price and subscription flag).
 */
export function MonetizationStep({ form }: { form: UseFormReturn<UploadFormValues> }) {
  const { register, setValue, watch } = form;
  const pricing = watch('pricing');
  const createNewCollection = watch('createNewCollection');

  return (
    <div className={step.fields}>
      <fieldset className={step.section}>
        <legend className={step.sectionTitle}>Pricing</legend>
        <div className={styles.choices}>
          <ChoiceCard
            value="free"
            title="Free"
            hint="Anyone signed in can download it."
            {...register('pricing', {
              onChange: (event) => {
                if (event.target.value === 'free') setValue('price', '');
              },
            })}
          />
          <ChoiceCard
            value="paid"
            title="Paid"
            hint="Makers buy it before downloading."
            {...register('pricing')}
          />
        </div>
        {pricing === 'paid' && (
          <div className={styles.price}>
            <TextField
              label="Price (USD)"
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              placeholder="4.99"
              hint="At least $0.01. You keep the price minus the 15% platform and 2% payment fees."
              {...register('price')}
            />
          </div>
        )}
      </fieldset>

      <fieldset className={step.section}>
        <legend className={step.sectionTitle}>Collection</legend>
        <p className={step.sectionHint}>Optionally group this design into a collection of yours.</p>
        <CollectionSelect
          label="Existing collection"
          disabled={createNewCollection}
          {...register('collectionId')}
        />
        <label className={choice.check}>
          <input
            type="checkbox"
            {...register('createNewCollection', {
              onChange: (event) => {
                if (event.target.checked) {
                  setValue('collectionId', '');
                  return;
                }
                setValue('newCollectionName', '');
                setValue('newCollectionPrice', '');
                setValue('newCollectionSubscription', false);
              },
            })}
          />
          Create new collection
        </label>
        {createNewCollection && (
          <div className={styles.collection}>
            <TextField
              label="Collection name"
              maxLength={COLLECTION_NAME_MAX_LENGTH}
              autoComplete="off"
              {...register('newCollectionName')}
            />
            <TextField
              label="Collection price (USD, optional)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="0.00"
              hint="Leave blank for a free collection."
              {...register('newCollectionPrice')}
            />
            <label className={choice.check}>
              <input type="checkbox" {...register('newCollectionSubscription')} />
              Sell this collection as a subscription
            </label>
          </div>
        )}
      </fieldset>
    </div>
  );
}
