import type { AdminPurchase } from '@printmarket/shared/admin';
import { useRefundPurchase } from '@/features/admin/api/purchases.ts';
import { formatPrice } from './purchase-format.ts';
import { ReasonForm } from './ReasonForm.tsx';

export const FAILED_REFUND = 'Failed to refund the purchase';

type RefundPurchaseFormProps = {
  purchase: AdminPurchase;
  onCancel(): void;
  onRefunded(purchase: AdminPurchase): void;
  onUnauthorized(): void;
};

/** Refunds one purchase: a reason, then a confirmation (it cannot be undone). */
export function RefundPurchaseForm({
  purchase,
  onCancel,
  onRefunded,
  onUnauthorized,
}: RefundPurchaseFormProps) {
  const refund = useRefundPurchase();
  const price = formatPrice(purchase);
  return (
    <ReasonForm
      intro={`Order ${purchase.orderNumber}: ${purchase.buyer.username} gets ${price} back for ${purchase.itemName}.`}
      label="Reason"
      hint="Recorded in the audit log."
      required
      submitLabel="Refund"
      busyLabel="Refunding..."
      confirm={{
        question: `Refund ${price} to ${purchase.buyer.username}? This cannot be undone.`,
        label: 'Yes, refund',
      }}
      failureText={FAILED_REFUND}
      onSubmit={async (reason) => {
        // A 409 (already refunded, by another operator or the payment provider) shows as it is.
        const answer = await refund.mutateAsync({ id: purchase.id, reason });
        onRefunded(answer.purchase);
      }}
      onCancel={onCancel}
      onUnauthorized={onUnauthorized}
    />
  );
}
