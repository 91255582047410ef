import { zodResolver } from '@hookform/resolvers/zod';
import {
  DESIGN_DESCRIPTION_MAX_LENGTH,
  DESIGN_EDIT_MSG,
  DESIGN_NAME_MAX_LENGTH,
  type DesignEditFormInput,
  type DesignEditFormValues,
  designEditFormSchema,
} from '@printmarket/shared/design-edit';
import type { DesignDetail } from '@printmarket/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import button from '@/app/styles/button.module.css';
import { FormActions } from '@/components/form/FormActions.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { LoadStatus } from '@/components/ui/LoadStatus.tsx';
import { useSession } from '@/features/auth/session.tsx';
import { CollectionSelect } from '@/features/collections/components/CollectionSelect.tsx';
import { FAILED_FETCH_DESIGN_DATA, useEditDesign } from '@/features/designs/api/get-edit-design.ts';
import { FAILED_UPDATE_FIELDS, updateDesign } from '@/features/designs/api/update-design.ts';
import { FAILED_UPDATE_FILES, updateDesignFiles } from '@/features/designs/api/update-design-files.ts';
import { designPath } from '@/features/designs/components/DesignCard.tsx';
import { acceptFor, filterPicked, type PickedKind } from '@/features/designs/edit-files.ts';
import { formatFileSize } from '@/features/designs/model-facts.ts';
import { errorMessage } from '@/lib/api-client.ts';
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

  // Signed out: the alert of docs/product.md#edit-design, then the sign-in screen (once, also under
  // StrictMode).
  const alerted = useRef(false);
  useEffect(() => {
    if (status !== 'signed-out' || alerted.current) return;
    alerted.current = true;
    window.alert(EDIT_SIGN_IN);
    navigate('/signin', { replace: true });
  }, [status, navigate]);

  if (status !== 'signed-in') return null;
  if (query.isPending || query.isError) {
    return (
      <LoadStatus
        error={query.error}
        failure={`Error: ${errorMessage(query.error, FAILED_FETCH_DESIGN_DATA)}`}
        action={
          <Link to="/dashboard" className={`${button.base} ${button.secondary}`}>
            Go to Dashboard
          </Link>
        }
      />
    );
  }
  return <EditDesignForm design={query.data} />;
}

type PickedFile = { key: string; file: File; kind: PickedKind };

let pickCounter = 0;

function EditDesignForm({ design }: { design: DesignDetail }) {
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
  const [removed, setRemoved] = useState<Set<string>>(() => new Set());
  const [added, setAdded] = useState<PickedFile[]>([]);
  // After the first Save, the files' message follows every change of the lists.
  const [filesChecked, setFilesChecked] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const backTo = designPath(design);

  const toggleRemoved = (id: string) =>
    setRemoved((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const pick = (kind: PickedKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = input.files ? [...input.files] : [];
    input.value = ''; // the same file can be picked again after removing it
    if (chosen.length === 0) {
      window.alert('No files selected');
      return;
    }
    const kept = filterPicked(chosen, kind);
    setAdded((current) => [
      ...current,
      ...kept.map((file) => ({ key: `pick-${++pickCounter}`, file, kind })),
    ]);
  };

  const stlLeft =
    design.files.filter((file) => file.type === 'stl' && !removed.has(file._id)).length +
    added.filter((pick) => pick.kind === 'stl').length;
  const filesError = filesChecked && stlLeft === 0 ? DESIGN_EDIT_MSG.noStl : null;
  /** At least one STL file stays after the removals and additions. */
  const checkFiles = () => {
    setFilesChecked(true);
    return stlLeft > 0;
  };

  const save = async (fields: DesignEditFormValues) => {
    if (pending || !checkFiles()) return;
    setFormError(null);
    setPending(true);
    try {
      try {
        await updateDesign(design.id, fields);
      } catch (error) {
        throw new Error(errorMessage(error, FAILED_UPDATE_FIELDS));
      }
      if (removed.size > 0 || added.length > 0) {
        try {
          await updateDesignFiles(design.id, { remove: [...removed], add: added.map((pick) => pick.file) });
        } catch (error) {
          throw new Error(errorMessage(error, FAILED_UPDATE_FILES));
        }
      }
    } catch (error) {
      const message = `Error saving changes: ${error instanceof Error ? error.message : 'Unknown error'}`;
      setPending(false);
      setFormError(message);
      window.alert(message);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ['designs'] });
    window.alert(UPDATED);
    navigate(backTo);
  };

  const existing = design.files;
  return (
    <section className={styles.page} aria-labelledby="edit-heading">
      <title>{`Edit ${design.name} · PrintMarket`}</title>
      <header className={styles.header}>
        <h1 id="edit-heading" className={styles.heading}>
          Edit Design
        </h1>
        <Link to={backTo} className={styles.back}>
          Back to design
        </Link>
      </header>

      <form
        className={styles.form}
        onSubmit={handleSubmit(save, () => checkFiles())}
        noValidate
        aria-busy={pending}
      >
        <FormAlert tone="error">{formError}</FormAlert>
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

        <fieldset className={styles.group} disabled={pending}>
          <legend className={styles.legend}>Files</legend>
          <p className={styles.hint}>Tick a file to remove it when you save.</p>
          <ul className={styles.fileList}>
            {existing.map((file) => {
              const marked = removed.has(file._id);
              return (
                <li key={file._id} className={`${styles.fileRow} ${marked ? styles.marked : ''}`}>
                  <span className={styles.fileName}>
                    <span className={styles.nameText}>{file.name}</span>
                    <span className={styles.fileMeta}>
                      {file.type === 'stl' ? 'STL model' : 'Image'}
                      {file.sizeBytes > 0 && ` · ${formatFileSize(file.sizeBytes)}`}
                      {marked && ' · will be removed'}
                    </span>
                  </span>
                  <label className={styles.check}>
                    <input type="checkbox" checked={marked} onChange={() => toggleRemoved(file._id)} />
                    Remove<span className="visually-hidden"> {file.name}</span>
                  </label>
                </li>
              );
            })}
          </ul>

          <div className={styles.pickers}>
            <label className={`${button.base} ${button.secondary} ${styles.picker}`}>
              Add STL files
              <input
                type="file"
                className="visually-hidden"
                accept={acceptFor('stl')}
                multiple
                onChange={pick('stl')}
              />
            </label>
            <label className={`${button.base} ${button.secondary} ${styles.picker}`}>
              Add photos
              <input
                type="file"
                className="visually-hidden"
                accept={acceptFor('image')}
                multiple
                onChange={pick('image')}
              />
            </label>
          </div>
          {added.length > 0 && (
            <ul className={styles.fileList} aria-label="New files">
              {added.map((pickItem) => (
                <li key={pickItem.key} className={styles.fileRow}>
                  <span className={styles.fileName}>
                    {pickItem.file.name}
                    <span className={styles.fileMeta}>
                      New {pickItem.kind === 'stl' ? 'STL model' : 'image'} ·{' '}
                      {formatFileSize(pickItem.file.size)}
                    </span>
                  </span>
                  <button
                    type="button"
                    className={`${button.base} ${button.ghost}`}
                    onClick={() => setAdded((current) => current.filter((item) => item.key !== pickItem.key))}
                  >
                    Remove<span className="visually-hidden"> {pickItem.file.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className={styles.error} aria-live="polite">
            {filesError}
          </p>
        </fieldset>

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
