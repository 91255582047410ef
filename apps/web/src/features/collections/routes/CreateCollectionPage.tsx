import { IMAGE_TYPES_TEXT } from '@printmarket/shared/constants';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import button from '@/app/styles/button.module.css';
import { FormActions } from '@/components/form/FormActions.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { ImagePicker } from '@/components/form/ImagePicker.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { useSession } from '@/features/auth/session.tsx';
import {
  FAILED_CREATE_COLLECTION,
  useCreateCollection,
} from '@/features/collections/api/create-collection.ts';
import { useMyCollections } from '@/features/collections/api/my-collections.ts';
import {
  buildCreateCollectionFormData,
  type CollectionFormField,
  type CollectionFormValues,
  createCollectionProblems,
  EMPTY_COLLECTION_FORM,
  problemsByField,
} from '@/features/collections/collection-form.ts';
import { DesignPicker } from '@/features/collections/components/DesignPicker.tsx';
import { DetailsFields, VisibilityField } from '@/features/collections/components/DetailsFields.tsx';
import sections from '@/features/collections/components/FormSections.module.css';
import { PricingFields } from '@/features/collections/components/PricingFields.tsx';
import { coverImageProblem } from '@/features/collections/cover-image.ts';
import { designMarks, pickableSelection } from '@/features/collections/design-marks.ts';
import { useMyDesigns } from '@/features/designs/api/my-designs.ts';
import { errorMessage } from '@/lib/api-client.ts';
import styles from './CreateCollectionPage.module.css';

/** What the collection page shows once after arriving from here (the server's "created" message). */
export type CreatedNotice = { notice?: string };

/** Create collection (docs/product.md#collection-pages): /create-collection, behind the sign-in guard. */
export default function CreateCollectionPage() {
  const { user } = useSession();
  if (!user) return null;
  return <CreateCollectionForm userId={user.id} />;
}

function CreateCollectionForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const designs = useMyDesigns(userId);
  const collections = useMyCollections();
  const create = useCreateCollection();
  const [values, setValues] = useState<CollectionFormValues>(EMPTY_COLLECTION_FORM);
  const [cover, setCover] = useState<File | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // Problems show from the first attempt on, and then follow every change (fixed ones disappear).
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const coverRef = useRef<HTMLButtonElement>(null);
  const designsRef = useRef<HTMLFieldSetElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const markOf = useMemo(() => designMarks(collections.data ?? []), [collections.data]);
  const designIds = pickableSelection(selected, designs.data ?? [], markOf);
  const problems = createCollectionProblems(values, { cover: cover !== null, designCount: designIds.length });
  const shown = attempted ? problemsByField(problems) : {};
  const pending = create.isPending || create.isSuccess;

  // A refused create: the reason takes the focus, so it is read out and scrolled into view.
  useEffect(() => {
    if (serverError) alertRef.current?.focus();
  }, [serverError]);

  const focusField = (field: CollectionFormField) => {
    if (field === 'cover') coverRef.current?.focus();
    else if (field === 'price') priceRef.current?.focus();
    else if (field === 'designs') {
      const group = designsRef.current;
      (group?.querySelector<HTMLInputElement>('input:not(:disabled)') ?? group)?.focus();
    } else nameRef.current?.focus();
  };

  const toggle = (designId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(designId)) next.delete(designId);
      else next.add(designId);
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setAttempted(true);
    setServerError(null);
    const first = problems[0];
    if (first || !cover) {
      if (first) focusField(first.field);
      return;
    }
    create.mutate(buildCreateCollectionFormData(values, cover, designIds), {
      onSuccess: (created) =>
        navigate(`/collection/${encodeURIComponent(created.id)}`, {
          state: { notice: created.message } satisfies CreatedNotice,
        }),
      onError: (error) => {
        // Everything typed and chosen stays; the reason shows above the form.
        setServerError(errorMessage(error, FAILED_CREATE_COLLECTION));
        // A design taken by another collection meanwhile shows marked once the list is fresh.
        void collections.refetch();
      },
    });
  };

  return (
    <section className={styles.page} aria-labelledby="create-collection-heading">
      <title>Create Collection · PrintMarket</title>
      <header className={styles.header}>
        <h1 id="create-collection-heading" className={styles.heading}>
          Create Collection
        </h1>
        <p className={styles.lead}>Group your designs and give them away or sell them together.</p>
      </header>

      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={pending}>
        <div ref={alertRef} tabIndex={-1} className={styles.alert}>
          <FormAlert tone="error">{serverError}</FormAlert>
        </div>
        <fieldset className={styles.fieldset} disabled={pending}>
          <div className={styles.group}>
            <h2 className={styles.groupTitle}>Details</h2>
            <DetailsFields values={values} onChange={setValues} errors={shown} nameRef={nameRef} />
          </div>
          <div className={styles.group}>
            {/* Images only (docs/product.md#validation). */}
            <ImagePicker
              legend="Cover image"
              legendClassName={sections.legend}
              noun="cover"
              shape="cover"
              emptyText="No cover chosen"
              hint={`${IMAGE_TYPES_TEXT}. Shown at the top of the collection page.`}
              inputLabel="Cover image"
              file={cover}
              onChange={setCover}
              check={coverImageProblem}
              error={shown.cover}
              buttonRef={coverRef}
            />
          </div>
          <div className={styles.group}>
            <DesignPicker
              designs={designs}
              marksReady={!collections.isPending}
              markOf={markOf}
              selected={selected}
              onToggle={toggle}
              error={shown.designs}
              groupRef={designsRef}
            />
          </div>
          <div className={styles.group}>
            <h2 className={styles.groupTitle}>Visibility and pricing</h2>
            <VisibilityField values={values} onChange={setValues} />
            <PricingFields
              values={values}
              onChange={setValues}
              priceError={shown.price}
              priceRef={priceRef}
            />
          </div>
        </fieldset>
        <FormActions
          cancel={
            <Link
              to="/dashboard?tab=collections"
              className={`${button.base} ${button.secondary} ${button.large}`}
            >
              Cancel
            </Link>
          }
          submit={
            <SubmitButton pending={pending} pendingLabel="Creating...">
              Create Collection
            </SubmitButton>
          }
        />
      </form>
    </section>
  );
}
