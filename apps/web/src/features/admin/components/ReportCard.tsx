import type { AdminReport } from '@printmarket/shared/admin';
import { REPORT_REASON_LABELS } from '@printmarket/shared/reports';
import { Link } from 'react-router';
import button from '@/styles/button.module.css';
import styles from './AdminPanels.module.css';
import { CardField } from './CardField.tsx';
import { ShortDate } from './ShortDate.tsx';

const TARGET_TYPE_LABELS: Record<AdminReport['target']['type'], string> = {
  design: 'Design',
  collection: 'Collection',
  user: 'Member',
};

const ACTION_LABELS: Record<NonNullable<AdminReport['resolution']>['action'], string> = {
  dismiss: 'Dismissed',
  takedown: 'Taken down',
};

export type ReportAction = 'dismiss' | 'takedown';

/**
 * One report of the queue: what it is about, why, by whom and when; an open one has Dismiss and,
 * when it is about a design that is still there, Take down.
 */
export function ReportCard({
  report,
  onAction,
}: {
  report: AdminReport;
  onAction(action: ReportAction): void;
}) {
  const { target, resolution } = report;
  const canTakeDown = target.type === 'design' && target.path !== null;
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
        <CardField label="Reason">{REPORT_REASON_LABELS[report.reason]}</CardField>
        {report.details && <CardField label="Details">{report.details}</CardField>}
        <CardField label="Reported by">{report.reporter.username}</CardField>
        <CardField label="When">
          <ShortDate iso={report.createdAt} />
        </CardField>
        {resolution && (
          <>
            <CardField label="Resolution">
              {ACTION_LABELS[resolution.action]} by {resolution.by} on <ShortDate iso={resolution.at} />
            </CardField>
            {resolution.note && <CardField label="Note">{resolution.note}</CardField>}
          </>
        )}
      </dl>
      {report.status === 'open' && (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${button.base} ${button.secondary}`}
            aria-haspopup="dialog"
            onClick={() => onAction('dismiss')}
          >
            Dismiss
          </button>
          {canTakeDown && (
            <button
              type="button"
              className={`${button.base} ${button.secondary}`}
              aria-haspopup="dialog"
              onClick={() => onAction('takedown')}
            >
              Take down
            </button>
          )}
        </div>
      )}
    </li>
  );
}
