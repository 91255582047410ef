import type { SubscriptionPlan } from '@printmarket/shared/payments';
import { CardGrid } from '@/components/ui/CardGrid.tsx';
import { PlanCard } from './PlanCard.tsx';
import { PlanOwnerActions } from './PlanOwnerActions.tsx';

type PlanGridProps = {
  plans: readonly SubscriptionPlan[];
  /** The id of the heading that names the list. */
  labelledBy?: string;
  /** Given for the plans' seller: each card gets Edit and Delete. */
  owner?: {
    onEdit(plan: SubscriptionPlan): void;
    onProblem(message: string | null): void;
  };
};

/** The plans as a grid of cards (1 to 4 columns as the width allows). */
export function PlanGrid({ plans, labelledBy, owner }: PlanGridProps) {
  return (
    <CardGrid labelledBy={labelledBy} label={labelledBy ? undefined : 'Subscription plans'}>
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard
            plan={plan}
            actions={
              owner && <PlanOwnerActions plan={plan} onEdit={owner.onEdit} onProblem={owner.onProblem} />
            }
          />
        </li>
      ))}
    </CardGrid>
  );
}
