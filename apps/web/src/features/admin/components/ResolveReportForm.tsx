import type { AdminReport } from '@printmarket/shared/admin';
import { useResolveReport } from '@/features/admin/api/reports.ts';
import { ReasonForm } from './ReasonForm.tsx';
import type { ReportAction } from './ReportCard.tsx';
import { FAILED_TAKE_DOWN_DESIGN, TAKEDOWN_INTRO, TAKEDOWN_REASON_HINT } from './TakeDownDesignForm.tsx';

/** Shown when resolving fails and the server said nothing usable. */
export const FAILED_DISMISS = 'Failed to dismiss the reports';

/** The title of the dialog around the form, for each way of resolving. */
export const RESOLVE_TITLES: Record<ReportAction, string> = {
  dismiss: 'Dismiss reports',
  takedown: 'Take down the design',
};

type ResolveReportFormProps = {
  report: AdminReport;
  action: ReportAction;
  onCancel(): void;
  /** With the number of reports the server resolved. */
  onResolved(count: number): void;
  onUnauthorized(): void;
};

/**
 * Dismissing (with an optional note for the audit log) or taking the design down (with a reason the
 * owner reads): either resolves every open report on the same target.
 */
export function ResolveReportForm({
  report,
  action,
  onCancel,
  onResolved,
  onUnauthorized,
}: ResolveReportFormProps) {
  const resolve = useResolveReport();
  const others = report.openReportsOnTarget - 1;
  const alsoResolves =
    others > 0
      ? ` It also resolves the ${others} other open ${others === 1 ? 'report' : 'reports'} on it.`
      : '';

  const onSubmit = async (note: string) => {
    // A 409 (another operator was quicker) says so in the server's words.
    const { resolved } = await resolve.mutateAsync({ id: report.id, action, note });
    onResolved(resolved);
  };

  if (action === 'takedown') {
    return (
      <ReasonForm
        intro={`${TAKEDOWN_INTRO}${alsoResolves}`}
        label="Reason"
        hint={TAKEDOWN_REASON_HINT}
        required
        submitLabel="Take down design"
        busyLabel="Taking down..."
        failureText={FAILED_TAKE_DOWN_DESIGN}
        onSubmit={onSubmit}
        onCancel={onCancel}
        onUnauthorized={onUnauthorized}
      />
    );
  }
  return (
    <ReasonForm
      intro={
        others > 0
          ? `This also dismisses the ${others} other open ${others === 1 ? 'report' : 'reports'} on this.`
          : 'The report is closed without any action on what it is about.'
      }
      label="Note for the audit log"
      required={false}
      submitLabel="Dismiss reports"
      busyLabel="Dismissing..."
      failureText={FAILED_DISMISS}
      onSubmit={onSubmit}
      onCancel={onCancel}
      onUnauthorized={onUnauthorized}
    />
  );
}
