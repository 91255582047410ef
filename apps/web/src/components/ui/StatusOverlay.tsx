import type { ReactNode } from 'react';
import styles from './StatusOverlay.module.css';

type StatusOverlayProps = {
  /** 'Loading...' and the like; nothing when there is nothing to say. */
  status: ReactNode;
  /** Extra layout from the screen it sits in (e.g. space below). */
  className?: string;
  children: ReactNode;
};

/**
 * A list with its loading status floating over the top, so the cards do not jump down while a page
 * loads. The live region stays in the page while empty: it must exist before its text changes to
 * be read out.
 */
export function StatusOverlay({ status, className, children }: StatusOverlayProps) {
  return (
    <div className={className ? `${styles.overlay} ${className}` : styles.overlay}>
      <div className={styles.status} role="status">
        {status}
      </div>
      {children}
    </div>
  );
}
