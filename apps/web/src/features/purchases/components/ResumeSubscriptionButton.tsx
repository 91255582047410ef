import { PAYMENT_MSG } from '@printmarket/shared/payment-messages';
import { useResumeSubscription } from '@/features/purchases/api/subscription-changes.ts';
import { errorMessage } from '@/lib/api-client.ts';

type ResumeSubscriptionButtonProps = {
  subscriptionId: string;
  /** What is subscribed to, for screen readers ('Resume the subscription to …'). */
  name: string;
  className: string;
};

/**
 * 'Resume' on a canceled subscription that still runs: it renews again, and no second
 * subscription is bought. The pages showing it update from the answer.
 */
export function ResumeSubscriptionButton({ subscriptionId, name, className }: ResumeSubscriptionButtonProps) {
  const resume = useResumeSubscription();
  const onClick = () =>
    resume.mutate(subscriptionId, {
      onError: (error) => window.alert(errorMessage(error, PAYMENT_MSG.resumeFailed)),
    });
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      disabled={resume.isPending}
      aria-busy={resume.isPending}
    >
      {resume.isPending ? 'Resuming...' : 'Resume'}
      <span className="visually-hidden"> the subscription to {name}</span>
    </button>
  );
}
