import type { ReactNode } from 'react';
import page from '@/styles/page.module.css';
import styles from './StatusPage.module.css';

/** A centred message with actions: the not-found and error screens. */
export function StatusPage({
  code,
  title,
  children,
  actions,
}: {
  code?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className={`${page.centered} ${styles.page}`} aria-labelledby="status-title">
      {code && (
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
      )}
      <h1 id="status-title" className={styles.title}>
        {title}
      </h1>
      {children && <div className={styles.text}>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
