import { PLATFORM_FEE_PERCENT, PROVIDER_FEE_PERCENT } from '@printmarket/shared/constants';
import { PLAN_MSG, PLAN_NAME_MAX_LENGTH, type SubscriptionPlan } from '@printmarket/shared/payments';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import choice from '@/components/form/Choice.module.css';
import { FormActions } from '@/components/form/FormActions.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { useCreatePlan } from '@/features/plans/api/create-plan.ts';
import { useUpdatePlan } from '@/features/plans/api/update-plan.ts';
import {
  collectionChoices,
  EMPTY_PLAN_FORM,
  fieldsInMessage,
  formValuesFromPlan,
  type OwnCollection,
  type PlanFormField,
  type PlanFormValues,
  type PlanRequestBody,
  planFormResolver,
  toggleCollection,
} from '@/features/plans/plan-form.ts';
import { errorMessage } from '@/lib/api-client.ts';
import button from '@/styles/button.module.css';
import { type CollectionsState, PlanCollectionsField } from './PlanCollectionsField.tsx';
import styles from './PlanFormDialog.module.css';
import { PlanInputField } from './PlanInputField.tsx';

/**
 * The seller's collections as the page loaded them (GET /api/collections/my-collections). The page
 * passes its query in: plans and collections are separate features and meet only in pages.
 */
export type OwnCollectionsQuery = {
  data: readonly OwnCollection[] | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch(): unknown;
};

type PlanFormProps = {
  plan: SubscriptionPlan | null;
  collections: OwnCollectionsQuery;
  onSaved(plan: SubscriptionPlan): void;
  onCancel(): void;
};

/**
 * The modal's form. It is checked on submit with the server's own schema, and the message (the
 * product's, joined with spaces, docs/product.md#validation) shows at the top of the modal; a refused
 * save keeps everything typed.
 * The message stays as it is until the next attempt, as do the fields it marks.
 */
export function PlanForm({ plan, collections, onSaved, onCancel }: PlanFormProps) {
  const { register, handleSubmit, watch, setValue, setError, setFocus, formState } = useForm<
    PlanFormValues,
    unknown,
    PlanRequestBody
  >({
    resolver: planFormResolver,
    defaultValues: plan ? formValuesFromPlan(plan) : EMPTY_PLAN_FORM,
    // The cursor goes to the first field the message names, the collections group included.
    shouldFocusError: false,
  });
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const pending = create.isPending || update.isPending;
  const alertId = useId();
  const firstCollection = useRef<HTMLInputElement>(null);
  const problem = formState.errors.root?.message ?? null;
  const invalid = new Set(problem ? fieldsInMessage(problem) : []);
  const values = watch();

  const focusFirst = (message: string) => {
    const first = fieldsInMessage(message)[0];
    if (first === 'collections') firstCollection.current?.focus();
    else if (first) setFocus(first);
  };

  const refuse = (message: string) => {
    setError('root', { message });
    focusFirst(message);
  };

  const onSubmit = handleSubmit(
    (body) => {
      if (pending) return;
      const handlers = {
        onSuccess: onSaved,
        onError: (error: unknown) => refuse(errorMessage(error, PLAN_MSG.saveFailed)),
      };
      if (plan) update.mutate({ id: plan.id, body }, handlers);
      else create.mutate(body, handlers);
    },
    (errors) => focusFirst(errors.root?.message ?? ''),
  );

  const fieldProps = (field: Exclude<PlanFormField, 'collections'>) => ({
    ...register(field),
    invalid: invalid.has(field),
    alertId,
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={pending}>
      <div id={alertId}>
        <FormAlert tone="error">{problem}</FormAlert>
      </div>
      <fieldset className={styles.fields} disabled={pending}>
        <PlanInputField
          {...fieldProps('name')}
          label="Plan name"
          maxLength={PLAN_NAME_MAX_LENGTH}
          autoComplete="off"
          placeholder="e.g. All my terrain"
        />
        <PlanCollectionsField
          state={collectionsState(collections, plan)}
          selected={values.collections}
          onToggle={(id) => setValue('collections', toggleCollection(values, id).collections)}
          invalid={invalid.has('collections')}
          describedBy={alertId}
          firstRef={firstCollection}
        />
        <div className={styles.prices}>
          <PlanInputField
            {...fieldProps('monthlyPrice')}
            {...PRICE_INPUT}
            label="Monthly price (USD)"
            placeholder="4.99"
          />
          <PlanInputField
            {...fieldProps('annualPrice')}
            {...PRICE_INPUT}
            label="Annual price (USD)"
            placeholder="49.99"
          />
        </div>
        <p className={styles.hint}>
          You keep the price minus the {PLATFORM_FEE_PERCENT}% platform and {PROVIDER_FEE_PERCENT}% payment
          fees.
        </p>
        <label className={choice.check}>
          <input type="checkbox" {...register('unlimitedDownloads')} />
          <span>
            Unlimited downloads
            <span className={choice.checkHint}>Subscribers may download as often as they like.</span>
          </span>
        </label>
        {/* Only hidden while unlimited: unticking brings back what was typed. */}
        {!values.unlimitedDownloads && (
          <PlanInputField
            {...fieldProps('downloadsPerMonth')}
            label="Downloads per month"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            placeholder="10"
          />
        )}
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
          <SubmitButton pending={pending} pendingLabel="Saving...">
            {plan ? 'Save Changes' : 'Create Plan'}
          </SubmitButton>
        }
      />
    </form>
  );
}

/** The price inputs (docs/product.md#validation): US dollars, at least 0.01, in steps of 0.01. */
const PRICE_INPUT = { type: 'number', inputMode: 'decimal', min: 0.01, step: 0.01, required: true } as const;

/** What the collections field shows for the page's query of the seller's collections. */
export function collectionsState(
  query: OwnCollectionsQuery,
  plan: SubscriptionPlan | null,
): CollectionsState {
  if (query.isPending) return { status: 'loading' };
  if (query.isError || !query.data) {
    return { status: 'error', retrying: query.isFetching, onRetry: () => void query.refetch() };
  }
  return { status: 'ready', choices: collectionChoices(query.data, plan?.collections) };
}
