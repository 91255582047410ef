import type { ReactNode } from 'react';
import styles from './RetryAlert.module.css';
import { RetryButton } from './RetryButton.tsx';

type RetryAlertProps = {
  /** What failed, as one or more paragraphs. */
  children: ReactNode;
  /** True while the request is asked again; the button waits meanwhile. */
  retrying: boolean;
  onRetry(): void;
};

/** A list or panel that failed to load: the reason, read out at once (role alert), and a retry. */
export function RetryAlert({ children, retrying, onRetry }: RetryAlertProps) {
  return (
    <div className={styles.alert} role="alert">
      {children}
      <RetryButton retrying={retrying} onRetry={onRetry} />
    </div>
  );
}
