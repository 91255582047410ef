import type { ReactNode } from 'react';
import styles from './AdminPanels.module.css';

/** One labelled value of a console card (its list is `styles.fields`). */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
