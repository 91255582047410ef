import type { AdminUser } from '@printmarket/shared/admin';
import { useSetSuspension } from '@/features/admin/api/users.ts';
import { ReasonForm } from './ReasonForm.tsx';

export const FAILED_SUSPEND = 'Failed to suspend the account';
export const FAILED_UNSUSPEND = 'Failed to lift the suspension';

type SuspensionFormProps = {
  user: AdminUser;
  onCancel(): void;
  onDone(user: AdminUser): void;
  onUnauthorized(): void;
};

/**
 * Suspends a person (a reason they are told is required) or, when they are suspended, lifts it
 * (with an optional note for the audit log).
 */
export function SuspensionForm({ user, onCancel, onDone, onUnauthorized }: SuspensionFormProps) {
  const setSuspension = useSetSuspension();
  const lifting = user.suspension !== null;
  const onSubmit = async (reason: string) => {
    const answer = await setSuspension.mutateAsync({
      id: user.id,
      reason,
      action: lifting ? 'unsuspend' : 'suspend',
    });
    onDone(answer.user);
  };

  if (lifting) {
    return (
      <ReasonForm
        intro={`${user.username} can sign in again.`}
        label="Note for the audit log"
        required={false}
        submitLabel="Lift suspension"
        busyLabel="Lifting..."
        failureText={FAILED_UNSUSPEND}
        onSubmit={onSubmit}
        onCancel={onCancel}
        onUnauthorized={onUnauthorized}
      />
    );
  }
  return (
    <ReasonForm
      intro={`${user.username} can no longer sign in until the suspension is lifted.`}
      label="Reason"
      hint="The person is told this reason; it is also recorded in the audit log."
      required
      submitLabel="Suspend"
      busyLabel="Suspending..."
      failureText={FAILED_SUSPEND}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onUnauthorized={onUnauthorized}
    />
  );
}
