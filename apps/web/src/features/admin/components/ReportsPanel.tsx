import type { AdminReport } from '@printmarket/shared/admin';
import { formatShortDate } from '@printmarket/shared/en-format';
import { REPORT_REASON_LABELS } from '@printmarket/shared/reports';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { QueryState } from '@/components/ui/QueryState.tsx';
import { SortSelect } from '@/components/ui/SortSelect.tsx';
import { type ReportStatus, useAdminReports, useResolveReport } from '@/features/admin/api/reports.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { isUnauthorized, useReportUnauthorized } from '@/lib/unauthorized.ts';
import button from '@/styles/button.module.css';
import styles from './AdminPanels.module.css';

/** Shown when the reports cannot be loaded or dismissed and the server said nothing usable. */
export const FAILED_FETCH_REPORTS = 'Failed to load the reports';
export const FAILED_DISMISS = 'Failed to dismiss the reports';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
] as const;

const TARGET_TYPE_LABELS: Record<AdminReport['target']['type'], string> = {
  design: 'Design',
  collection: 'Collection',
  user: 'Member',
};

const ACTION_LABELS: Record<NonNullable<AdminReport['resolution']>['action'], string> = {
  dismiss: 'Dismissed',
  takedown: 'Taken down',
};

export const dismissedText = (count: number) =>
  count === 1 ? 'Dismissed 1 report.' : `Dismissed ${count} reports.`;

const formatDate = (iso: string) => formatShortDate(new Date(iso));

/** The operator console's Reports tab (docs/product.md#operator-console): the open queue or what was resolved. */
export function ReportsPanel({ onUnauthorized }: { onUnauthorized(): void }) {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useAdminReports(status);
  const [dismissing, setDismissing] = useState<AdminReport | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useReportUnauthorized(reports.error, onUnauthorized);

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <SortSelect
          label="Reports to show"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(next) => {
            setStatus(next);
            setNotice(null);
          }}
        />
      </div>
      <FormAlert tone="success">{notice}</FormAlert>
      <QueryState query={reports} failure={(error) => <p>{errorMessage(error, FAILED_FETCH_REPORTS)}</p>}>
        {(data) =>
          data.reports.length === 0 ? (
            <EmptyState>{status === 'open' ? 'No open reports.' : 'No resolved reports yet.'}</EmptyState>
          ) : (
            <ul className={styles.cards}>
              {data.reports.map((report) => (
                <ReportCard key={report.id} report={report} onDismiss={() => setDismissing(report)} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <Dialog open={dismissing !== null} onClose={() => setDismissing(null)} title="Dismiss reports">
        {(close) =>
          dismissing && (
            <DismissForm
              report={dismissing}
              onCancel={close}
              onUnauthorized={onUnauthorized}
              onDismissed={(count) => {
                setNotice(dismissedText(count));
                close();
              }}
            />
          )
        }
      </Dialog>
    </div>
  );
}

function ReportCard({ report, onDismiss }: { report: AdminReport; onDismiss(): void }) {
  const { target, resolution } = report;
  return (
    <li className={styles.card}>
      <p className={styles.target}>
        <span className={styles.badge}>{TARGET_TYPE_LABELS[target.type]}</span>
        {target.label && target.path ? (
          <Link to={target.path} className={styles.targetLink}>
            {target.label}
          </Link>
        ) : (
          <span>{target.label ?? 'No longer available'}</span>
        )}
        {/* A person is their own owner: the name is already the label. */}
        {target.type !== 'user' && target.ownerUsername && (
          <span className={styles.muted}>by {target.ownerUsername}</span>
        )}
      </p>
      {report.openReportsOnTarget > 1 && (
        <p className={styles.count}>{report.openReportsOnTarget} open reports on this</p>
      )}
      <dl className={styles.fields}>
        <Field label="Reason">{REPORT_REASON_LABELS[report.reason]}</Field>
        {report.details && <Field label="Details">{report.details}</Field>}
        <Field label="Reported by">{report.reporter.username}</Field>
        <Field label="When">
          <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
        </Field>
        {resolution && (
          <>
            <Field label="Resolution">
              {ACTION_LABELS[resolution.action]} by {resolution.by} on{' '}
              <time dateTime={resolution.at}>{formatDate(resolution.at)}</time>
            </Field>
            {resolution.note && <Field label="Note">{resolution.note}</Field>}
          </>
        )}
      </dl>
      {report.status === 'open' && (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${button.base} ${button.secondary}`}
            aria-haspopup="dialog"
            onClick={onDismiss}
          >
            Dismiss
          </button>
        </div>
      )}
    </li>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type DismissFormProps = {
  report: AdminReport;
  onCancel(): void;
  onDismissed(count: number): void;
  onUnauthorized(): void;
};

/** The dialog's form: an optional note, recorded with the dismissal in the audit log. */
function DismissForm({ report, onCancel, onDismissed, onUnauthorized }: DismissFormProps) {
  const resolve = useResolveReport();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const others = report.openReportsOnTarget - 1;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const { resolved } = await resolve.mutateAsync({ id: report.id, action: 'dismiss', note });
      onDismissed(resolved);
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      // A 409 (another operator was quicker) says so in the server's words.
      else setFailure(errorMessage(error, FAILED_DISMISS));
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert tone="error">{failure}</FormAlert>
      <p>
        {others > 0
          ? `This also dismisses the ${others} other open ${others === 1 ? 'report' : 'reports'} on this.`
          : 'The report is closed without any action on what it is about.'}
      </p>
      <TextAreaField
        label="Note for the audit log"
        hint="Optional."
        rows={3}
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className={styles.dialogActions}>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          onClick={onCancel}
          disabled={resolve.isPending}
        >
          Cancel
        </button>
        <button
          type="submit"
          className={`${button.base} ${button.primary}`}
          disabled={resolve.isPending}
          aria-busy={resolve.isPending}
        >
          {resolve.isPending ? 'Dismissing...' : 'Dismiss reports'}
        </button>
      </div>
    </form>
  );
}
