import type { SubscriptionPlan } from '@printmarket/shared/payments';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { type OwnCollectionsQuery, PlanForm } from './PlanForm.tsx';

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
