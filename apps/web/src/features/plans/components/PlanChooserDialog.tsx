import type { PlanType, SubscriptionPlan } from '@printmarket/shared/payments';
import { PLAN_MSG, PLAN_TYPES } from '@printmarket/shared/payments';
import { type FormEvent, useId, useState } from 'react';
import button from '../../../app/styles/button.module.css';
import { ChoiceCard } from '../../../components/form/ChoiceCard.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { RetryAlert } from '../../../components/ui/RetryAlert.tsx';
import { usePlansForCollection } from '../api/plans-for-collection.ts';
import { downloadsText, planTypeChoiceText } from '../plan-labels.ts';
import styles from './PlanChooserDialog.module.css';

type PlanChooserDialogProps = {
  open: boolean;
  onClose(): void;
  collectionId: string;
  /** Called with the chosen plan and billing period; the caller starts the checkout. */
  onChoose(planId: string, planType: PlanType): void;
  /** True while the caller starts the checkout: the Subscribe buttons wait meanwhile. */
  busy?: boolean;
};

const PERIOD_HINTS: Record<PlanType, string> = {
  monthly: 'Billed every month until you cancel.',
  yearly: 'Billed once a year until you cancel.',
};

/**
 * The subscription plan chooser on a collection page (spec section 2): the plans that cover the
 * collection, each with a monthly and a yearly price and a Subscribe button.
 */
export function PlanChooserDialog({
  open,
  onClose,
  collectionId,
  onChoose,
  busy = false,
}: PlanChooserDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Choose a Subscription Plan">
      {() => <PlanChoices collectionId={collectionId} onChoose={onChoose} busy={busy} />}
    </Dialog>
  );
}

type PlanChoicesProps = Pick<PlanChooserDialogProps, 'collectionId' | 'onChoose'> & { busy: boolean };

/** The chooser's content: loads the plans when the modal opens. */
export function PlanChoices({ collectionId, onChoose, busy }: PlanChoicesProps) {
  const query = usePlansForCollection(collectionId);
  if (query.isPending) {
    return (
      <p className={styles.status} role="status">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert retrying={query.isFetching} onRetry={() => void query.refetch()}>
        <p>{PLAN_MSG.loadFailed}</p>
      </RetryAlert>
    );
  }
  return <PlanChoiceList plans={query.data} onChoose={onChoose} busy={busy} />;
}

type PlanChoiceListProps = {
  plans: readonly SubscriptionPlan[];
  onChoose(planId: string, planType: PlanType): void;
  busy: boolean;
};

/** One offer per plan; the terms of renewal and cancelling under them (spec section 4). */
export function PlanChoiceList({ plans, onChoose, busy }: PlanChoiceListProps) {
  // Which Subscribe was pressed, so only that one says it is on its way.
  const [chosen, setChosen] = useState<string | null>(null);
  if (plans.length === 0) {
    return <EmptyState>No subscription plans include this collection yet.</EmptyState>;
  }
  return (
    <div className={styles.panel}>
      <ul className={styles.plans}>
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanOffer
              plan={plan}
              busy={busy}
              starting={busy && chosen === plan.id}
              onChoose={(planType) => {
                setChosen(plan.id);
                onChoose(plan.id, planType);
              }}
            />
          </li>
        ))}
      </ul>
      <p className={styles.terms}>
        Subscriptions renew automatically until you cancel. Cancelling takes effect at the end of the paid
        term, and you keep access until then.
      </p>
    </div>
  );
}

type PlanOfferProps = {
  plan: SubscriptionPlan;
  busy: boolean;
  starting: boolean;
  onChoose(planType: PlanType): void;
};

function PlanOffer({ plan, busy, starting, onChoose }: PlanOfferProps) {
  const [planType, setPlanType] = useState<PlanType>('monthly');
  const titleId = useId();
  const radioName = useId();
  const others = plan.collections.map((collection) => collection.name);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onChoose(planType);
  };

  return (
    <form className={styles.offer} onSubmit={onSubmit} aria-labelledby={titleId}>
      <div className={styles.heading}>
        <h3 id={titleId} className={styles.name}>
          {plan.name}
        </h3>
        <p className={styles.downloads}>{downloadsText(plan)}</p>
      </div>
      {others.length > 0 && <p className={styles.includes}>Includes: {others.join(', ')}</p>}
      <fieldset className={styles.periods} disabled={busy}>
        <legend className="visually-hidden">Billing period for {plan.name}</legend>
        {PLAN_TYPES.map((type) => (
          <ChoiceCard
            key={type}
            name={radioName}
            value={type}
            title={planTypeChoiceText(plan, type)}
            hint={PERIOD_HINTS[type]}
            checked={planType === type}
            onChange={() => setPlanType(type)}
          />
        ))}
      </fieldset>
      <button
        type="submit"
        className={`${button.base} ${button.primary} ${button.large} ${button.block}`}
        disabled={busy}
        aria-busy={starting}
      >
        {starting ? 'Starting checkout...' : 'Subscribe'}
        <span className="visually-hidden"> to {plan.name}</span>
      </button>
    </form>
  );
}
