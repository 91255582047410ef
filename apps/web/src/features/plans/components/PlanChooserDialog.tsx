import type { PlanType, SubscriptionPlan } from '@printmarket/shared/payments';
import { PLAN_MSG, PLAN_TYPES } from '@printmarket/shared/payments';
import type { CollectionViewerAccess } from '@printmarket/shared/types';
import { type FormEvent, useId, useState } from 'react';
import button from '@/app/styles/button.module.css';
import { ChoiceCard } from '@/components/form/ChoiceCard.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import { usePlansForCollection } from '@/features/plans/api/plans-for-collection.ts';
import { downloadsText, planTypeChoiceText } from '@/features/plans/plan-labels.ts';
import styles from './PlanChooserDialog.module.css';

type PlanChooserDialogProps = {
  open: boolean;
  onClose(): void;
  collectionId: string;
  /** Called with the chosen plan and billing period; the caller starts the checkout. */
  onChoose(planId: string, planType: PlanType): void;
  /** True while the caller starts the checkout: the Subscribe buttons wait meanwhile. */
  busy?: boolean;
  /**
   * The viewer's subscription covering the collection, if any: its plan is marked as theirs and
   * no plan is sold a second time (a canceled one is resumed from the collection page).
   */
  held?: Held;
};

type Held = CollectionViewerAccess['subscription'];

const PERIOD_HINTS: Record<PlanType, string> = {
  monthly: 'Billed every month until you cancel.',
  yearly: 'Billed once a year until you cancel.',
};

/**
 * The subscription plan chooser on a collection page (docs/product.md#collection-pages): the plans that cover
 * the collection, each with a monthly and a yearly price and a Subscribe button.
 */
export function PlanChooserDialog({
  open,
  onClose,
  collectionId,
  onChoose,
  busy = false,
  held = null,
}: PlanChooserDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Choose a Subscription Plan">
      {() => <PlanChoices collectionId={collectionId} onChoose={onChoose} busy={busy} held={held} />}
    </Dialog>
  );
}

type PlanChoicesProps = Pick<PlanChooserDialogProps, 'collectionId' | 'onChoose'> & {
  busy: boolean;
  held?: Held;
};

/** The chooser's content: loads the plans when the modal opens. */
export function PlanChoices({ collectionId, onChoose, busy, held = null }: PlanChoicesProps) {
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
  return <PlanChoiceList plans={query.data} onChoose={onChoose} busy={busy} held={held} />;
}

type PlanChoiceListProps = {
  plans: readonly SubscriptionPlan[];
  onChoose(planId: string, planType: PlanType): void;
  busy: boolean;
  held?: Held;
};

/** One offer per plan; the terms of renewal and cancelling under them (docs/product.md#subscriptions). */
export function PlanChoiceList({ plans, onChoose, busy, held = null }: PlanChoiceListProps) {
  // Which Subscribe was pressed, so only that one says it is on its way.
  const [chosen, setChosen] = useState<string | null>(null);
  if (plans.length === 0) {
    return <EmptyState>No subscription plans include this collection yet.</EmptyState>;
  }
  return (
    <div className={styles.panel}>
      {held && <p className={styles.held}>{heldText(held)}</p>}
      <ul className={styles.plans}>
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanOffer
              plan={plan}
              held={held}
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

/** What the viewer already holds, said above the plans. */
function heldText(held: NonNullable<Held>): string {
  return held.status === 'canceled'
    ? `Your ${held.planName} subscription is canceled but still runs: resume it on the collection page rather than subscribing again.`
    : `Your ${held.planName} subscription already covers this collection.`;
}

type PlanOfferProps = {
  plan: SubscriptionPlan;
  held: Held;
  busy: boolean;
  starting: boolean;
  onChoose(planType: PlanType): void;
};

function PlanOffer({ plan, held, busy, starting, onChoose }: PlanOfferProps) {
  const [planType, setPlanType] = useState<PlanType>('monthly');
  const titleId = useId();
  const radioName = useId();
  const others = plan.collections.map((collection) => collection.name);

  const yours = held?.planId === plan.id;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !held) onChoose(planType);
  };

  return (
    <form className={styles.offer} onSubmit={onSubmit} aria-labelledby={titleId}>
      <div className={styles.heading}>
        <h3 id={titleId} className={styles.name}>
          {plan.name}
          {yours && <span className={styles.yours}> · Your plan ({held?.planType})</span>}
        </h3>
        <p className={styles.downloads}>{downloadsText(plan)}</p>
      </div>
      {others.length > 0 && <p className={styles.includes}>Includes: {others.join(', ')}</p>}
      <fieldset className={styles.periods} disabled={busy || held !== null}>
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
      {held ? null : (
        <button
          type="submit"
          className={`${button.base} ${button.primary} ${button.large} ${button.block}`}
          disabled={busy}
          aria-busy={starting}
        >
          {starting ? 'Starting checkout...' : 'Subscribe'}
          <span className="visually-hidden"> to {plan.name}</span>
        </button>
      )}
    </form>
  );
}
