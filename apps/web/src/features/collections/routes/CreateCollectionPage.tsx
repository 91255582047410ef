import { IMAGE_TYPES_TEXT } from '@printmarket/shared/constants';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FormActions } from '@/components/form/FormActions.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { ImagePicker } from '@/components/form/ImagePicker.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import {
  FAILED_CREATE_COLLECTION,
  useCreateCollection,
} from '@/features/collections/api/create-collection.ts';
import {
  buildCreateCollectionFormData,
  type CollectionFormField,
  type CreateCollectionContext,
  type CreateCollectionRequest,
  type CreateCollectionValues,
  createCollectionResolver,
  EMPTY_CREATE_COLLECTION,
  firstProblemField,
  shownProblems,
} from '@/features/collections/collection-form.ts';
import { DesignPicker } from '@/features/collections/components/DesignPicker.tsx';
import { DetailsFields, VisibilityField } from '@/features/collections/components/DetailsFields.tsx';
import sections from '@/features/collections/components/FormSections.module.css';
import { PricingFields } from '@/features/collections/components/PricingFields.tsx';
import { coverImageProblem } from '@/features/collections/cover-image.ts';
import { designMarks, pickableSelection } from '@/features/collections/design-marks.ts';
import { valuesSetter } from '@/features/collections/use-collection-values.ts';
import { useMyCollections } from '@/hooks/use-my-collections.ts';
import { useMyDesigns } from '@/hooks/use-my-designs.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';
import styles from './CreateCollectionPage.module.css';

/** What the collection page shows once after arriving from here (the server's "created" message). */
export type CreatedNotice = { notice?: string };

/** Create collection (docs/product.md#collection-pages): /create-collection, behind the sign-in guard. */
export default function CreateCollectionPage() {
  const { user } = useSession();
  if (!user) return null;
  return <CreateCollectionForm userId={user.id} />;
}

export function CreateCollectionForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const designs = useMyDesigns(userId);
  const collections = useMyCollections();
  const create = useCreateCollection();
  const markOf = useMemo(() => designMarks(collections.data ?? []), [collections.data]);
  const form = useForm<CreateCollectionValues, CreateCollectionContext, CreateCollectionRequest>({
    resolver: createCollectionResolver,
    context: {
      pickable: (selected) => pickableSelection(new Set(selected), designs.data ?? [], markOf),
    },
    defaultValues: EMPTY_CREATE_COLLECTION,
    // Problems show from the first attempt on, and then follow every change (see valuesSetter).
    shouldFocusError: false,
  });
  const values = form.watch();
  const setValues = valuesSetter(form);
  const shown = shownProblems(form.formState.errors);
  const selected = useMemo(() => new Set(values.selected), [values.selected]);
  const [serverError, setServerError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const coverRef = useRef<HTMLButtonElement>(null);
  const designsRef = useRef<HTMLFieldSetElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
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
    setValues({
      selected: values.selected.includes(designId)
        ? values.selected.filter((id) => id !== designId)
        : [...values.selected, designId],
    });

  const submit = form.handleSubmit(
    (request) =>
      create.mutate(buildCreateCollectionFormData(request.values, request.cover, request.designIds), {
        onSuccess: (created) =>
          navigate(paths.collection(created.id), {
            state: { notice: created.message } satisfies CreatedNotice,
          }),
        onError: (error) => {
          // Everything typed and chosen stays; the reason shows above the form.
          setServerError(errorMessage(error, FAILED_CREATE_COLLECTION));
          // A design taken by another collection meanwhile shows marked once the list is fresh.
          void collections.refetch();
        },
      }),
    (problems) => {
      const first = firstProblemField(problems);
      if (first) focusField(first);
    },
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setServerError(null);
    void submit(event);
  };

  return (
    <section className={styles.page} aria-labelledby="create-collection-heading">
      <PageTitle>Create Collection · PrintMarket</PageTitle>
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
              file={values.cover}
              onChange={(cover) => setValues({ cover })}
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
              to={paths.dashboard({ tab: 'collections' })}
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
