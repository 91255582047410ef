import { formatShortDate } from '@printmarket/shared/en-format';
import { type FormEvent, useState } from 'react';
import { TextField } from '@/components/form/TextField.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { QueryState } from '@/components/ui/QueryState.tsx';
import { type AuditFilter, useAuditLog } from '@/features/admin/api/audit.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useReportUnauthorized } from '@/lib/unauthorized.ts';
import button from '@/styles/button.module.css';
import styles from './AdminPanels.module.css';

/** Shown when the log cannot be loaded and the server said nothing usable. */
export const FAILED_FETCH_AUDIT = 'Failed to load the audit log';

const NO_FILTER: AuditFilter = { actor: '', action: '', targetId: '' };

const HEAD = ['When', 'Operator', 'Action', 'Target type', 'Target id', 'Reason'];

/**
 * The operator console's Audit log tab (docs/product.md#operator-console): newest first, filtered.
 * A page that fails to load (the first or a later one) gives way to the failure and Try again.
 */
export function AuditLogPanel({ onUnauthorized }: { onUnauthorized(): void }) {
  // What is typed only counts once Filter is pressed: each keystroke would be a call.
  const [draft, setDraft] = useState<AuditFilter>(NO_FILTER);
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const log = useAuditLog(filter);
  useReportUnauthorized(log.error, onUnauthorized);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ actor: draft.actor.trim(), action: draft.action.trim(), targetId: draft.targetId.trim() });
  };
  const edit = (key: keyof AuditFilter) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  return (
    <div className={styles.panel}>
      <form className={styles.filters} onSubmit={onSubmit} aria-label="Filter the audit log">
        <TextField
          label="Operator username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          value={draft.actor}
          onChange={edit('actor')}
        />
        <TextField
          label="Action"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
          placeholder="report.dismiss"
          value={draft.action}
          onChange={edit('action')}
        />
        <TextField
          label="Target id"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
          value={draft.targetId}
          onChange={edit('targetId')}
        />
        <div className={styles.filterActions}>
          <button type="submit" className={`${button.base} ${button.primary}`}>
            Filter
          </button>
          <button
            type="button"
            className={`${button.base} ${button.secondary}`}
            onClick={() => {
              setDraft(NO_FILTER);
              setFilter(NO_FILTER);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <QueryState query={log} failure={(error) => <p>{errorMessage(error, FAILED_FETCH_AUDIT)}</p>}>
        {(data) => {
          const entries = data.pages.flatMap((page) => page.entries);
          if (entries.length === 0) return <EmptyState>Nothing recorded yet.</EmptyState>;
          return (
            <>
              {/* Focusable so keyboard users can scroll it too when it is wider than the screen. */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be reachable by keyboard */}
              <div className={styles.scroll} tabIndex={0}>
                <table className={styles.table} aria-label="Audit log">
                  <thead>
                    <tr>
                      {HEAD.map((label) => (
                        <th key={label} scope="col">
                          {label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => (
                      <tr key={entry.id}>
                        <td className={styles.nowrap}>
                          <time dateTime={entry.at} title={entry.at}>
                            {formatShortDate(new Date(entry.at))}
                          </time>
                        </td>
                        <td>{entry.actor.username}</td>
                        <td className={styles.mono}>{entry.action}</td>
                        <td>{entry.targetType}</td>
                        <td className={styles.mono}>{entry.targetId}</td>
                        <td className={styles.reason}>{entry.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {log.hasNextPage && (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={`${button.base} ${button.secondary}`}
                    onClick={() => void log.fetchNextPage()}
                    disabled={log.isFetchingNextPage}
                    aria-busy={log.isFetchingNextPage}
                  >
                    {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </button>
                </div>
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
