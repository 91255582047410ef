import { PLATFORM_FEE_PERCENT, PROVIDER_FEE_PERCENT } from '@printmarket/shared/constants';
import { PLAN_MSG, PLAN_NAME_MAX_LENGTH, type SubscriptionPlan } from '@printmarket/shared/payments';
import { type FormEvent, type InputHTMLAttributes, type Ref, useId, useRef, useState } from 'react';
import button from '@/app/styles/button.module.css';
import choice from '@/components/form/Choice.module.css';
import fieldStyles from '@/components/form/Field.module.css';
import { Field } from '@/components/form/Field.tsx';
import { FormActions } from '@/components/form/FormActions.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { useCreatePlan } from '@/features/plans/api/create-plan.ts';
import { useUpdatePlan } from '@/features/plans/api/update-plan.ts';
import {
  checkPlanForm,
  collectionChoices,
  EMPTY_PLAN_FORM,
  fieldsInMessage,
  formValuesFromPlan,
  type OwnCollection,
  type PlanFormField,
  type PlanFormValues,
  toggleCollection,
} from '@/features/plans/plan-form.ts';
import { errorMessage } from '@/lib/api-client.ts';
import type { CollectionsState } from './PlanCollectionsField.tsx';
import { PlanCollectionsField } from './PlanCollectionsField.tsx';
import styles from './PlanFormDialog.module.css';

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

type PlanFormDialogProps = {
  open: boolean;
  onClose(): void;
  /** The plan to edit; null to create one. */
  plan: SubscriptionPlan | null;
  collections: OwnCollectionsQuery;
  onSaved?(plan: SubscriptionPlan): void;
};

/** The plan modal (docs/product.md#seller-dashboard): create a subscription plan, or edit one. */
export function PlanFormDialog({ open, onClose, plan, collections, onSaved }: PlanFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={plan ? 'Edit Subscription Plan' : 'New Subscription Plan'}>
      {(close) => (
        <PlanForm
          plan={plan}
          collections={collections}
          onSaved={(saved) => {
            onSaved?.(saved);
            close();
          }}
          onCancel={close}
        />
      )}
    </Dialog>
  );
}

type PlanFormProps = {
  plan: SubscriptionPlan | null;
  collections: OwnCollectionsQuery;
  onSaved(plan: SubscriptionPlan): void;
  onCancel(): void;
};

/**
 * The modal's form. It is checked on submit with the server's own schema, and the message (the
 * product's, joined with spaces, docs/product.md#validation) shows at the top of the modal; a refused save
 * keeps everything typed.
 */
export function PlanForm({ plan, collections, onSaved, onCancel }: PlanFormProps) {
  const [values, setValues] = useState<PlanFormValues>(() =>
    plan ? formValuesFromPlan(plan) : EMPTY_PLAN_FORM,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const pending = create.isPending || update.isPending;
  const alertId = useId();
  const refs = {
    name: useRef<HTMLInputElement>(null),
    collections: useRef<HTMLInputElement>(null),
    monthlyPrice: useRef<HTMLInputElement>(null),
    annualPrice: useRef<HTMLInputElement>(null),
    downloadsPerMonth: useRef<HTMLInputElement>(null),
  } satisfies Record<PlanFormField, unknown>;
  const invalid = new Set(problem ? fieldsInMessage(problem) : []);

  const refuse = (message: string) => {
    setProblem(message);
    const first = fieldsInMessage(message)[0];
    if (first) refs[first].current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkPlanForm(values);
    if (!checked.ok) {
      refuse(checked.message);
      return;
    }
    setProblem(null);
    const handlers = {
      onSuccess: onSaved,
      onError: (error: unknown) => refuse(errorMessage(error, PLAN_MSG.saveFailed)),
    };
    if (plan) update.mutate({ id: plan.id, body: checked.body }, handlers);
    else create.mutate(checked.body, handlers);
  };

  const fieldProps = (field: PlanFormField) => ({
    ref: refs[field],
    invalid: invalid.has(field),
    alertId,
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={pending}>
      <div id={alertId}>
        <FormAlert tone="error">{problem}</FormAlert>
      </div>
      <fieldset className={styles.fields} disabled={pending}>
        <InputField
          {...fieldProps('name')}
          label="Plan name"
          value={values.name}
          maxLength={PLAN_NAME_MAX_LENGTH}
          autoComplete="off"
          placeholder="e.g. All my terrain"
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
        <PlanCollectionsField
          state={collectionsState(collections, plan)}
          selected={values.collections}
          onToggle={(id) => setValues(toggleCollection(values, id))}
          invalid={invalid.has('collections')}
          describedBy={alertId}
          firstRef={refs.collections}
        />
        <div className={styles.prices}>
          <InputField
            {...fieldProps('monthlyPrice')}
            {...PRICE_INPUT}
            label="Monthly price (USD)"
            placeholder="4.99"
            value={values.monthlyPrice}
            onChange={(event) => setValues({ ...values, monthlyPrice: event.target.value })}
          />
          <InputField
            {...fieldProps('annualPrice')}
            {...PRICE_INPUT}
            label="Annual price (USD)"
            placeholder="49.99"
            value={values.annualPrice}
            onChange={(event) => setValues({ ...values, annualPrice: event.target.value })}
          />
        </div>
        <p className={styles.hint}>
          You keep the price minus the {PLATFORM_FEE_PERCENT}% platform and {PROVIDER_FEE_PERCENT}% payment
          fees.
        </p>
        <label className={choice.check}>
          <input
            type="checkbox"
            checked={values.unlimitedDownloads}
            onChange={(event) => setValues({ ...values, unlimitedDownloads: event.target.checked })}
          />
          <span>
            Unlimited downloads
            <span className={choice.checkHint}>Subscribers may download as often as they like.</span>
          </span>
        </label>
        {!values.unlimitedDownloads && (
          <InputField
            {...fieldProps('downloadsPerMonth')}
            label="Downloads per month"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            placeholder="10"
            value={values.downloadsPerMonth}
            onChange={(event) => setValues({ ...values, downloadsPerMonth: event.target.value })}
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

type InputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: string;
  invalid: boolean;
  /** The modal's message, which says what is wrong with a marked field. */
  alertId: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled input marked invalid after a refused save. The words of the problem are in the
 * message at the top (the product's joined sentence), not repeated under each field.
 */
function InputField({ label, invalid, alertId, ref, ...input }: InputFieldProps) {
  return (
    <Field label={label}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={ref}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? alertId : control['aria-describedby']}
          className={fieldStyles.input}
        />
      )}
    </Field>
  );
}
