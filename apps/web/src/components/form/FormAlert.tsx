import type { ReactNode } from 'react';
import styles from './FormAlert.module.css';

/**
 * A message about the whole form: a failed submit (announced at once) or a success.
 * Renders nothing without children, so it can stay in place and fill when needed.
 */
export function FormAlert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** The reason, on its own line under the alert's first words (the server's, after 'Something went wrong'). */
export function FormAlertDetail({ children }: { children: ReactNode }) {
  return <span className={styles.detail}>{children}</span>;
}
