import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

/** Stands in for a list with nothing in it: a dashed box with the list's own words. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
