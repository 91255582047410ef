import { CATEGORIES, TAGS_MAX } from '@printmarket/shared/constants';
import { DESIGN_NAME_MAX_LENGTH, DESIGN_TEXT_MAX_LENGTH } from '@printmarket/shared/uploads';
import type { UseFormRegister } from 'react-hook-form';
import fieldStyles from '@/components/form/Field.module.css';
import { Field } from '@/components/form/Field.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import type { UploadFormValues } from '@/features/upload/upload-form.ts';
import styles from './WizardStep.module.css';

/**
 * Step 1, 'Basic Info': what the model is. Nothing here is checked before Next (docs/product.md#validation).
 */
export function BasicInfoStep({ register }: { register: UseFormRegister<UploadFormValues> }) {
  return (
    <div className={styles.fields}>
      <TextField
        label="Model name"
        placeholder="e.g. Cable clip for desks"
        maxLength={DESIGN_NAME_MAX_LENGTH}
        autoComplete="off"
        {...register('modelName')}
      />
      <TextAreaField
        label="Model description"
        rows={5}
        maxLength={DESIGN_TEXT_MAX_LENGTH}
        placeholder="What is it, and what makes it good to print?"
        {...register('modelDescription')}
      />
      <div className={styles.pair}>
        <Field label="Category">
          {(control) => (
            <select
              {...control}
              className={`${fieldStyles.input} ${styles.select}`}
              {...register('category')}
            >
              <option value="" disabled>
                Select a category
              </option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label="Tags"
          placeholder="desk, organizer, cable"
          hint={`Separate tags with commas (up to ${TAGS_MAX}).`}
          autoComplete="off"
          {...register('tags')}
        />
      </div>
      <TextAreaField
        label="Print settings"
        rows={3}
        maxLength={DESIGN_TEXT_MAX_LENGTH}
        placeholder="Layer height, infill, supports, material..."
        {...register('settings')}
      />
      <TextAreaField
        label="Manufacturing instructions"
        rows={3}
        maxLength={DESIGN_TEXT_MAX_LENGTH}
        placeholder="Orientation, post-processing, assembly..."
        {...register('manufacturingInstructions')}
      />
      <TextAreaField
        label="Usages"
        rows={3}
        maxLength={DESIGN_TEXT_MAX_LENGTH}
        placeholder="Where and how people can use it"
        {...register('usages')}
      />
    </div>
  );
}
