import { MAX_SUBSCRIPTION_PLANS } from '@printmarket/shared/constants';
import { PLAN_MSG, type SubscriptionPlan } from '@printmarket/shared/payments';
import { useId, useState } from 'react';
import button from '@/app/styles/button.module.css';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import { useMyPlans } from '@/features/plans/api/list-my-plans.ts';
import { canCreatePlan, planCounterText } from '@/features/plans/plan-labels.ts';
import styles from './MyPlansSection.module.css';
import { type OwnCollectionsQuery, PlanFormDialog } from './PlanFormDialog.tsx';
import { PlanGrid } from './PlanGrid.tsx';

type MyPlansSectionProps = {
  /** The seller's collections, for the plan modal. */
  collections: OwnCollectionsQuery;
  /** Said above the plans while buyers cannot subscribe yet (no connected payout account). */
  notice?: string | null;
};

/** What the modal shows: closed, a new plan, or an existing one. */
type Editing = { plan: SubscriptionPlan | null } | null;

/**
 * The seller's subscription plans (docs/product.md#seller-dashboard): 'Create Subscription Plan' (at most
 * four, then 'Plan limit reached (4)'), the counter 'n/4 plans used' and a card per plan with Edit and
 * Delete.
 */
export function MyPlansSection({ collections, notice }: MyPlansSectionProps) {
  const query = useMyPlans();
  const [editing, setEditing] = useState<Editing>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const limitId = useId();
  const used = query.data?.length ?? 0;
  const full = query.isSuccess && !canCreatePlan(used);

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.toolbar}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            Subscription Plans
          </h2>
          {query.isSuccess && (
            <p className={styles.counter} data-testid="plan-counter">
              {planCounterText(used)}
            </p>
          )}
        </div>
        <div className={styles.create}>
          <button
            type="button"
            className={`${button.base} ${button.primary}`}
            aria-haspopup="dialog"
            // Until the plans are known the limit is unknown; if they failed, the server still enforces it.
            disabled={query.isPending || full}
            aria-describedby={full ? limitId : undefined}
            onClick={() => {
              setProblem(null);
              setEditing({ plan: null });
            }}
          >
            Create Subscription Plan
          </button>
          {full && (
            <p id={limitId} className={styles.limit}>
              {PLAN_MSG.limitReached}
            </p>
          )}
        </div>
      </div>

      <FormAlert tone="info">{notice}</FormAlert>
      <FormAlert tone="error">{problem}</FormAlert>
      <PlansState
        query={query}
        labelledBy={titleId}
        onEdit={(plan) => setEditing({ plan })}
        onProblem={setProblem}
      />

      <PlanFormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        plan={editing?.plan ?? null}
        collections={collections}
      />
    </section>
  );
}

type PlansStateProps = {
  query: ReturnType<typeof useMyPlans>;
  labelledBy: string;
  onEdit(plan: SubscriptionPlan): void;
  onProblem(message: string | null): void;
};

function PlansState({ query, labelledBy, onEdit, onProblem }: PlansStateProps) {
  if (query.isPending) {
    return (
      <p className={styles.loading} role="status">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    const detail = query.error instanceof Error && query.error.message === PLAN_MSG.unexpected;
    return (
      <RetryAlert retrying={query.isFetching} onRetry={() => void query.refetch()}>
        <p>{PLAN_MSG.loadFailed}</p>
        {detail && <p>{PLAN_MSG.unexpected}</p>}
      </RetryAlert>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState>
        You have no subscription plans yet. A plan sells access to your collections for a monthly or yearly
        price; you can make up to {MAX_SUBSCRIPTION_PLANS}.
      </EmptyState>
    );
  }
  return <PlanGrid plans={query.data} labelledBy={labelledBy} owner={{ onEdit, onProblem }} />;
}
