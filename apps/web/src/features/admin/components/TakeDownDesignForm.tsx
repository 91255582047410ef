import type { AdminDesign } from '@printmarket/shared/admin';
import { useTakeDownDesign } from '@/features/admin/api/designs.ts';
import { ReasonForm } from './ReasonForm.tsx';

export const FAILED_TAKE_DOWN_DESIGN = 'Failed to take the design down';

/** What a takedown does, above its reason (here and in the reports queue). */
export const TAKEDOWN_INTRO =
  'Nobody but its owner and the operators can see the design once it is taken down; the owner reads the reason and may reply once.';
export const TAKEDOWN_REASON_HINT = 'The owner reads it; it is also recorded in the audit log.';

type TakeDownDesignFormProps = {
  designId: string;
  onCancel(): void;
  onTakenDown(design: AdminDesign): void;
  onUnauthorized?(): void;
};

/** An operator's takedown of a design, with the reason its owner reads. */
export function TakeDownDesignForm({
  designId,
  onCancel,
  onTakenDown,
  onUnauthorized,
}: TakeDownDesignFormProps) {
  const takeDown = useTakeDownDesign();
  return (
    <ReasonForm
      intro={TAKEDOWN_INTRO}
      label="Reason"
      hint={TAKEDOWN_REASON_HINT}
      required
      submitLabel="Take down design"
      busyLabel="Taking down..."
      failureText={FAILED_TAKE_DOWN_DESIGN}
      onSubmit={async (reason) => {
        const { design } = await takeDown.mutateAsync({ id: designId, reason });
        onTakenDown(design);
      }}
      onCancel={onCancel}
      onUnauthorized={onUnauthorized}
    />
  );
}
