import type { SubscriptionPlan } from '@printmarket/shared/payments';
import { FAILED_DELETE_PLAN, useDeletePlan } from '@/features/plans/api/delete-plan.ts';
import { deletePlanConfirmText } from '@/features/plans/plan-labels.ts';
import { errorMessage } from '@/lib/api-client.ts';
import button from '@/styles/button.module.css';
import styles from './PlanOwnerActions.module.css';

type PlanOwnerActionsProps = {
  plan: SubscriptionPlan;
  onEdit(plan: SubscriptionPlan): void;
  /** Reports a failure (or clears the report with null) to the page's message area. */
  onProblem(message: string | null): void;
};

/** The seller's Edit and Delete on a plan's card; deleting asks first. */
export function PlanOwnerActions({ plan, onEdit, onProblem }: PlanOwnerActionsProps) {
  const remove = useDeletePlan();
  const deleting = remove.isPending;

  const deletePlan = () => {
    if (!window.confirm(deletePlanConfirmText(plan))) return;
    onProblem(null);
    remove.mutate(plan.id, { onError: (error) => onProblem(errorMessage(error, FAILED_DELETE_PLAN)) });
  };

  return (
    <>
      <button
        type="button"
        className={`${button.base} ${button.secondary}`}
        aria-haspopup="dialog"
        disabled={deleting}
        onClick={() => onEdit(plan)}
      >
        Edit<span className="visually-hidden"> {plan.name}</span>
      </button>
      <button
        type="button"
        className={`${button.base} ${button.secondary} ${styles.danger}`}
        disabled={deleting}
        aria-busy={deleting}
        onClick={deletePlan}
      >
        {deleting ? 'Deleting...' : 'Delete'}
        <span className="visually-hidden"> {plan.name}</span>
      </button>
    </>
  );
}
