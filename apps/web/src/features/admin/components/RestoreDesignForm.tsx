import type { AdminDesign } from '@printmarket/shared/admin';
import { useRestoreDesign } from '@/features/admin/api/designs.ts';
import { ReasonForm } from './ReasonForm.tsx';

export const FAILED_RESTORE_DESIGN = 'Failed to restore the design';

type RestoreDesignFormProps = {
  designId: string;
  onCancel(): void;
  onRestored(design: AdminDesign): void;
  onUnauthorized?(): void;
};

/** Puts a taken-down design back up, with an optional note for the audit log. */
export function RestoreDesignForm({
  designId,
  onCancel,
  onRestored,
  onUnauthorized,
}: RestoreDesignFormProps) {
  const restore = useRestoreDesign();
  return (
    <ReasonForm
      intro="Everyone who could see the design before sees it again."
      label="Note for the audit log"
      required={false}
      submitLabel="Restore design"
      busyLabel="Restoring..."
      failureText={FAILED_RESTORE_DESIGN}
      onSubmit={async (reason) => {
        const { design } = await restore.mutateAsync({ id: designId, reason });
        onRestored(design);
      }}
      onCancel={onCancel}
      onUnauthorized={onUnauthorized}
    />
  );
}
