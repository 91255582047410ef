import { zodResolver } from '@hookform/resolvers/zod';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_DETAILS_REQUIRED,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_SENT,
  type ReportInput,
  type ReportTargetType,
  reportSchema,
} from '@printmarket/shared/reports';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import choice from '@/components/form/Choice.module.css';
import field from '@/components/form/Field.module.css';
import group from '@/components/form/Fieldset.module.css';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { useSendReportMutation } from '@/features/reports/api/send-report.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import { isUnauthorized } from '@/lib/unauthorized.ts';
import button from '@/styles/button.module.css';
import styles from './ReportDialog.module.css';

const FAILED_REPORT = 'Failed to send the report. Please try again.';

const TITLES: Record<ReportTargetType, string> = {
  design: 'Report this design',
  collection: 'Report this collection',
  user: 'Report this profile',
};

type ReportTarget = { targetType: ReportTargetType; targetId: string };
type ReportDialogProps = ReportTarget & { onClose(): void };

/**
 * The report dialog (docs/product.md#design-page), open while mounted: a reason, details, and the
 * server's answer in place of the form once sent.
 */
export function ReportDialog({ targetType, targetId, onClose }: ReportDialogProps) {
  return (
    <Dialog open onClose={onClose} title={TITLES[targetType]}>
      {(close) => <ReportForm targetType={targetType} targetId={targetId} onDone={close} />}
    </Dialog>
  );
}

type ReportOutput = z.output<typeof reportSchema>;

function ReportForm({ targetType, targetId, onDone }: ReportTarget & { onDone(): void }) {
  const navigate = useNavigate();
  const send = useSendReportMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonErrorId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReportInput, unknown, ReportOutput>({
    resolver: zodResolver(reportSchema),
    // No reason chosen beforehand: the person picks one.
    defaultValues: { targetType, targetId, details: '' },
  });

  const onSubmit = handleSubmit(async (report) => {
    setFailure(null);
    try {
      const answer = await send.mutateAsync(report);
      setSent(answer.message || REPORT_SENT);
    } catch (error) {
      const said = error instanceof ApiError ? error.serverMessage : null;
      const about = error instanceof ApiError && error.status === 400 && said ? fieldOf(said) : null;
      // The session ended meanwhile: signing in again is the way forward.
      if (isUnauthorized(error)) navigate(paths.signIn());
      else if (about && said) setError(about, { message: said }, { shouldFocus: true });
      // Already reported, too many reports, nothing left to report: the server's words say which.
      else setFailure(errorMessage(error, FAILED_REPORT));
    }
  });

  if (sent) {
    return (
      <div className={styles.form}>
        <FormAlert tone="success" takeFocus>
          {sent}
        </FormAlert>
        <div className={styles.actions}>
          <button type="button" className={`${button.base} ${button.primary}`} onClick={onDone}>
            Close
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert tone="error">{failure}</FormAlert>
      <fieldset className={group.fieldset} aria-describedby={errors.reason ? reasonErrorId : undefined}>
        <legend className={group.legend}>Why are you reporting this?</legend>
        {/* Whether details are required depends on the reason: a change checks them again. */}
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className={choice.check}>
            <input type="radio" value={reason} {...register('reason', { deps: 'details' })} />
            <span>{REPORT_REASON_LABELS[reason]}</span>
          </label>
        ))}
        <p id={reasonErrorId} className={field.error} aria-live="polite">
          {errors.reason?.message}
        </p>
      </fieldset>
      <TextAreaField
        label="Details"
        hint="For a copyright report, name the original work and where it is (a link, a shop, a book)."
        rows={5}
        maxLength={REPORT_DETAILS_MAX_LENGTH}
        error={errors.details?.message}
        {...register('details')}
      />
      <p className={styles.note}>
        Rights holders: <Link to={paths.copyright()}>read how to send a copyright notice.</Link>
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          onClick={onDone}
          disabled={isSubmitting}
        >
          Cancel
        </button>
        <button
          type="submit"
          className={`${button.base} ${button.primary}`}
          disabled={isSubmitting}
          aria-busy={isSubmitting}
        >
          {isSubmitting ? 'Sending...' : 'Send report'}
        </button>
      </div>
    </form>
  );
}

/** The field a refusal (400) is about, when its message is one of the shared schema's. */
function fieldOf(message: string): 'reason' | 'details' | null {
  if (message === REPORT_DETAILS_REQUIRED || message.startsWith('Details ')) return 'details';
  if (message.includes('reason')) return 'reason';
  return null;
}
