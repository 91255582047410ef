import type { AdminUser } from '@printmarket/shared/admin';
import button from '@/styles/button.module.css';
import styles from './AdminPanels.module.css';
import { CardField } from './CardField.tsx';
import { ShortDate } from './ShortDate.tsx';

/** Where a person stands: a deleted account, a suspended one, or neither. */
export function personState(user: AdminUser): 'deleted' | 'suspended' | 'active' {
  if (user.deleted) return 'deleted';
  return user.suspension ? 'suspended' : 'active';
}

const STATE_LABELS = { deleted: 'Deleted account', suspended: 'Suspended', active: 'Active' } as const;

/**
 * One person found: who they are, how many designs they have, and their state, with Suspend or
 * Lift suspension. A deleted account is marked and has neither.
 */
export function PersonCard({ user, onAction }: { user: AdminUser; onAction(): void }) {
  const state = personState(user);
  return (
    <li className={styles.card}>
      <p className={styles.target}>
        <span className={styles.targetLink}>{user.username}</span>
        <span className={state === 'active' ? styles.okBadge : styles.alertBadge}>{STATE_LABELS[state]}</span>
      </p>
      <dl className={styles.fields}>
        <CardField label="Name">{user.name || '—'}</CardField>
        <CardField label="Email">{user.email}</CardField>
        <CardField label="Designs">{user.designs}</CardField>
        <CardField label="Joined">
          <ShortDate iso={user.createdAt} />
        </CardField>
        {user.suspension && (
          <>
            <CardField label="Suspended on">
              <ShortDate iso={user.suspension.at} />
            </CardField>
            <CardField label="Reason">
              <span className={styles.quote}>{user.suspension.reason}</span>
            </CardField>
          </>
        )}
      </dl>
      {state !== 'deleted' && (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${button.base} ${button.secondary}`}
            aria-haspopup="dialog"
            onClick={onAction}
          >
            {state === 'suspended' ? 'Lift suspension' : 'Suspend'}
          </button>
        </div>
      )}
    </li>
  );
}
