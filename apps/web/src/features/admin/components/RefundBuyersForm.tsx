import type { AdminDesign } from '@printmarket/shared/admin';
import { useRefundBuyers } from '@/features/admin/api/designs.ts';
import { ReasonForm } from './ReasonForm.tsx';

export const FAILED_REFUND_BUYERS = 'Failed to refund the buyers';

type RefundBuyersFormProps = {
  design: AdminDesign;
  onCancel(): void;
  /** With the number of buyers the server refunded. */
  onRefunded(count: number): void;
  onUnauthorized(): void;
};

/** Refunds every buyer of a design: a reason, then a confirmation (it cannot be undone). */
export function RefundBuyersForm({ design, onCancel, onRefunded, onUnauthorized }: RefundBuyersFormProps) {
  const refund = useRefundBuyers();
  return (
    <ReasonForm
      intro={`Every buyer of ${design.name} gets their money back.`}
      label="Reason"
      hint="Recorded in the audit log."
      required
      submitLabel="Refund all buyers"
      busyLabel="Refunding..."
      confirm={{
        question: `Refund every buyer of ${design.name}? This cannot be undone.`,
        label: 'Yes, refund all buyers',
      }}
      failureText={FAILED_REFUND_BUYERS}
      onSubmit={async (reason) => {
        const { refunded } = await refund.mutateAsync({ id: design.id, reason });
        onRefunded(refunded);
      }}
      onCancel={onCancel}
      onUnauthorized={onUnauthorized}
    />
  );
}
