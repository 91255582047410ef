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
