import type { ReactNode } from 'react';
import styles from './FormActions.module.css';

/** The buttons under a form: the way out, then the main button at the end of the row. */
export function FormActions({ cancel, submit }: { cancel: ReactNode; submit: ReactNode }) {
  return (
    <div className={styles.actions}>
      {cancel}
      <div className={styles.submit}>{submit}</div>
    </div>
  );
}
