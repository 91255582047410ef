import { zodResolver } from '@hookform/resolvers/zod';
import {
  DESIGN_DESCRIPTION_MAX_LENGTH,
  DESIGN_NAME_MAX_LENGTH,
  type DesignEditFormInput,
  type DesignEditFormValues,
  designEditFormSchema,
} from '@printmarket/shared/design-edit';
import type { DesignDetail } from '@printmarket/shared/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { designPath } from '@/components/design-cards/DesignCard.tsx';
import { CollectionSelect } from '@/components/form/CollectionSelect.tsx';
import { FormActions } from '@/components/form/FormActions.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { LoadStatus } from '@/components/ui/LoadStatus.tsx';
import { FAILED_FETCH_DESIGN_DATA, useEditDesign } from '@/features/designs/api/get-edit-design.ts';
import { designKeys } from '@/features/designs/api/keys.ts';
import { saveDesignChanges, saveFailedMessage } from '@/features/designs/api/save-design-changes.ts';
import { EditDesignFiles } from '@/features/designs/components/EditDesignFiles.tsx';
import { useEditFiles } from '@/features/designs/use-edit-files.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';
import styles from './EditDesignPage.module.css';

export const EDIT_SIGN_IN = 'You must be logged in to edit a design.';
const UPDATED = 'Design updated successfully!';

/**
 * Edit design (docs/product.md#edit-design): /edit-design/{designId}, the owner's form for an existing
 * design.
 */
export default function EditDesignPage() {
  const { designId = '' } = useParams();
  const { user, status } = useSession();
  const navigate = useNavigate();
  const query = useEditDesign(designId, user?.id ?? null);

  // Signed out: the alert of docs/product.md#edit-design, then the sign-in screen (once, however
  // often the effect runs).
  const alerted = useRef(false);
  useEffect(() => {
    if (status !== 'signed-out' || alerted.current) return;
    alerted.current = true;
    window.alert(EDIT_SIGN_IN);
    navigate(paths.signIn(), { replace: true });
  }, [status, navigate]);

  if (status !== 'signed-in') return null;
  if (query.isPending || query.isError) {
    return (
      <LoadStatus
        error={query.error}
        failure={`Error: ${errorMessage(query.error, FAILED_FETCH_DESIGN_DATA)}`}
        action={
          <Link to={paths.dashboard()} className={`${button.base} ${button.secondary}`}>
            Go to Dashboard
          </Link>
        }
      />
    );
  }
  return <EditDesignForm design={query.data} />;
}

/** The owner's form: details, pricing, collection and files; Save sends the fields, then the files. */
export function EditDesignForm({ design }: { design: DesignDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Checked on Save, then again on every change: a message goes as soon as its field is right.
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<DesignEditFormInput, unknown, DesignEditFormValues>({
    resolver: zodResolver(designEditFormSchema),
    defaultValues: {
      name: design.name,
      description: design.description,
      isPaid: design.isPaid,
      price: design.isPaid && design.price > 0 ? design.price.toFixed(2) : '',
      collectionId: design.collectionId ?? '',
    },
  });
  const isPaid = watch('isPaid');
  const collectionId = watch('collectionId');
  const files = useEditFiles(design.files);
  const backTo = designPath(design);
  const save = useMutation({
    mutationFn: (fields: DesignEditFormValues) =>
      saveDesignChanges(design.id, fields, files.changed ? files.changes() : null),
    onError: (error) => window.alert(saveFailedMessage(error)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: designKeys.all });
      window.alert(UPDATED);
      navigate(backTo);
    },
  });
  // From the first Save until the screen is left (or a save failed).
  const pending = save.isPending || save.isSuccess;

  const onSubmit = handleSubmit(
    (fields) => {
      if (pending || !files.check()) return;
      save.mutate(fields);
    },
    () => files.check(),
  );

  return (
    <section className={styles.page} aria-labelledby="edit-heading">
      <PageTitle>{`Edit ${design.name} · PrintMarket`}</PageTitle>
      <header className={styles.header}>
        <h1 id="edit-heading" className={styles.heading}>
          Edit Design
        </h1>
        <Link to={backTo} className={styles.back}>
          Back to design
        </Link>
      </header>

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={pending}>
        <FormAlert tone="error">{save.isError ? saveFailedMessage(save.error) : null}</FormAlert>
        <fieldset className={styles.group} disabled={pending}>
          <legend className={styles.legend}>Details</legend>
          <TextField
            label="Name"
            maxLength={DESIGN_NAME_MAX_LENGTH}
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <TextAreaField
            label="Description"
            maxLength={DESIGN_DESCRIPTION_MAX_LENGTH}
            rows={6}
            error={errors.description?.message}
            {...register('description')}
          />
        </fieldset>

        <fieldset className={styles.group} disabled={pending}>
          <legend className={styles.legend}>Pricing</legend>
          <label className={styles.check}>
            <input type="checkbox" {...register('isPaid')} />
            Paid
          </label>
          {isPaid && (
            <TextField
              label="Price (USD)"
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              error={errors.price?.message}
              {...register('price')}
            />
          )}
        </fieldset>

        <fieldset className={styles.group} disabled={pending}>
          <legend className={styles.legend}>Collection</legend>
          {/* Controlled: its options arrive later than the form's first values. */}
          <CollectionSelect
            value={collectionId}
            onChange={(event) => setValue('collectionId', event.target.value)}
          />
        </fieldset>

        <EditDesignFiles existing={design.files} files={files} disabled={pending} />

        <FormActions
          cancel={
            <Link to={backTo} className={`${button.base} ${button.secondary} ${button.large}`}>
              Cancel
            </Link>
          }
          submit={
            <SubmitButton pending={pending} pendingLabel="Saving...">
              Save Changes
            </SubmitButton>
          }
        />
      </form>
    </section>
  );
}
