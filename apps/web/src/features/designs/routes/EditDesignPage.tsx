import type { DesignDetail } from '@printmarket/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import button from '../../../app/styles/button.module.css';
import { FormActions } from '../../../components/form/FormActions.tsx';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { TextAreaField } from '../../../components/form/TextAreaField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { LoadStatus } from '../../../components/ui/LoadStatus.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/session.tsx';
import { CollectionSelect } from '../../collections/components/CollectionSelect.tsx';
import { FAILED_FETCH_DESIGN_DATA, useEditDesign } from '../api/get-edit-design.ts';
import { FAILED_UPDATE_FIELDS, updateDesign } from '../api/update-design.ts';
import { FAILED_UPDATE_FILES, updateDesignFiles } from '../api/update-design-files.ts';
import { designPath } from '../components/DesignCard.tsx';
import { acceptFor, filterPicked, type PickedKind, parseEditPrice } from '../edit-files.ts';
import { formatFileSize } from '../model-facts.ts';
import styles from './EditDesignPage.module.css';

export const EDIT_SIGN_IN = 'You must be logged in to edit a design.';
const UPDATED = 'Design updated successfully!';
const NO_STL = 'No STL files provided.';
const NAME_REQUIRED = 'Model name is required.';
const INVALID_PRICE = 'Invalid price.';

/** Edit design (spec section 2): /edit-design/{designId}, the owner's form for an existing design. */
export default function EditDesignPage() {
  const { designId = '' } = useParams();
  const { user, status } = useSession();
  const navigate = useNavigate();
  const query = useEditDesign(designId, user?.id ?? null);

  // Signed out: the spec's alert, then the sign-in screen (once, also under StrictMode).
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
  const [name, setName] = useState(design.name);
  const [description, setDescription] = useState(design.description);
  const [isPaid, setIsPaid] = useState(design.isPaid);
  const [price, setPrice] = useState(design.isPaid && design.price > 0 ? design.price.toFixed(2) : '');
  const [collectionId, setCollectionId] = useState(design.collectionId ?? '');
  const [removed, setRemoved] = useState<Set<string>>(() => new Set());
  const [added, setAdded] = useState<PickedFile[]>([]);
  const [errors, setErrors] = useState<{ name?: string; price?: string; files?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
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
    setErrors((current) => ({ ...current, files: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const nextErrors: typeof errors = {};
    if (!name.trim()) nextErrors.name = NAME_REQUIRED;
    const dollars = parseEditPrice(isPaid, price);
    if (dollars === null) nextErrors.price = INVALID_PRICE;
    const stlLeft =
      design.files.filter((file) => file.type === 'stl' && !removed.has(file._id)).length +
      added.filter((pick) => pick.kind === 'stl').length;
    if (stlLeft === 0) nextErrors.files = NO_STL;
    setErrors(nextErrors);
    setFormError(null);
    if (nextErrors.name) return nameRef.current?.focus();
    if (nextErrors.price) return priceRef.current?.focus();
    if (nextErrors.files || dollars === null) return;

    setPending(true);
    try {
      try {
        await updateDesign(design.id, {
          name: name.trim(),
          description,
          isPaid,
          price: dollars,
          collectionId: collectionId || null,
        });
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

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={pending}>
        <FormAlert tone="error">{formError}</FormAlert>
        <fieldset className={styles.group} disabled={pending}>
          <legend className={styles.legend}>Details</legend>
          <TextField
            ref={nameRef}
            label="Name"
            value={name}
            maxLength={120}
            required
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextAreaField
            label="Description"
            value={description}
            maxLength={5000}
            rows={6}
            onChange={(event) => setDescription(event.target.value)}
          />
        </fieldset>

        <fieldset className={styles.group} disabled={pending}>
          <legend className={styles.legend}>Pricing</legend>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={isPaid}
              onChange={(event) => {
                setIsPaid(event.target.checked);
                setErrors((current) => ({ ...current, price: undefined }));
              }}
            />
            Paid
          </label>
          {isPaid && (
            <TextField
              ref={priceRef}
              label="Price (USD)"
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              value={price}
              error={errors.price}
              onChange={(event) => setPrice(event.target.value)}
            />
          )}
        </fieldset>

        <fieldset className={styles.group} disabled={pending}>
          <legend className={styles.legend}>Collection</legend>
          <CollectionSelect value={collectionId} onChange={(event) => setCollectionId(event.target.value)} />
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
            {errors.files}
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
