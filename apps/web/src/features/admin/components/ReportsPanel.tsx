import type { AdminReport } from '@printmarket/shared/admin';
import { useState } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { QueryState } from '@/components/ui/QueryState.tsx';
import { SortSelect } from '@/components/ui/SortSelect.tsx';
import { type ReportStatus, useAdminReports } from '@/features/admin/api/reports.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useReportUnauthorized } from '@/lib/unauthorized.ts';
import styles from './AdminPanels.module.css';
import { type ReportAction, ReportCard } from './ReportCard.tsx';
import { RESOLVE_TITLES, ResolveReportForm } from './ResolveReportForm.tsx';

/** Shown when the reports cannot be loaded and the server said nothing usable. */
export const FAILED_FETCH_REPORTS = 'Failed to load the reports';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
] as const;

const reportsText = (count: number) => (count === 1 ? '1 report' : `${count} reports`);

export const dismissedText = (count: number) => `Dismissed ${reportsText(count)}.`;
export const takenDownText = (count: number) => `Took the design down and resolved ${reportsText(count)}.`;

/** The operator console's Reports tab (docs/product.md#operator-console): the open queue or what was resolved. */
export function ReportsPanel({ onUnauthorized }: { onUnauthorized(): void }) {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useAdminReports(status);
  const [resolving, setResolving] = useState<{ report: AdminReport; action: ReportAction } | null>(null);
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
                <ReportCard
                  key={report.id}
                  report={report}
                  onAction={(action) => setResolving({ report, action })}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      <Dialog
        open={resolving !== null}
        onClose={() => setResolving(null)}
        title={RESOLVE_TITLES[resolving?.action ?? 'dismiss']}
      >
        {(close) =>
          resolving && (
            <ResolveReportForm
              report={resolving.report}
              action={resolving.action}
              onCancel={close}
              onUnauthorized={onUnauthorized}
              onResolved={(count) => {
                setNotice(resolving.action === 'takedown' ? takenDownText(count) : dismissedText(count));
                close();
              }}
            />
          )
        }
      </Dialog>
    </div>
  );
}
