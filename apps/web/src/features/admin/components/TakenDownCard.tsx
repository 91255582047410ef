import type { AdminDesign } from '@printmarket/shared/admin';
import { Link } from 'react-router';
import button from '@/styles/button.module.css';
import styles from './AdminPanels.module.css';
import { CardField } from './CardField.tsx';
import { ShortDate } from './ShortDate.tsx';

export type TakenDownAction = 'restore' | 'refund';

/** One taken-down design: why and when, the owner's reply, Restore and Refund all buyers. */
export function TakenDownCard({
  design,
  onAction,
}: {
  design: AdminDesign;
  onAction(action: TakenDownAction): void;
}) {
  const { takedown } = design;
  return (
    <li className={styles.card}>
      <p className={styles.target}>
        <Link to={design.path} className={styles.targetLink}>
          {design.name}
        </Link>
        <span className={styles.muted}>by {design.ownerUsername}</span>
      </p>
      {takedown && (
        <dl className={styles.fields}>
          <CardField label="Reason">
            <span className={styles.quote}>{takedown.reason}</span>
          </CardField>
          <CardField label="Taken down">
            <ShortDate iso={takedown.at} />
          </CardField>
          <CardField label="Owner’s reply">
            {takedown.reply ? (
              <>
                <span className={styles.quote}>{takedown.reply.message}</span>{' '}
                <span className={styles.muted}>
                  (<ShortDate iso={takedown.reply.at} />)
                </span>
              </>
            ) : (
              <span className={styles.muted}>No reply yet.</span>
            )}
          </CardField>
        </dl>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          aria-haspopup="dialog"
          onClick={() => onAction('restore')}
        >
          Restore
        </button>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          aria-haspopup="dialog"
          onClick={() => onAction('refund')}
        >
          Refund all buyers
        </button>
      </div>
    </li>
  );
}
