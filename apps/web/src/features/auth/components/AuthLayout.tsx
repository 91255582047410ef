import type { ReactNode } from 'react';
import { PageTitle } from '@/lib/page-head.tsx';
import page from '@/styles/page.module.css';
import styles from './AuthLayout.module.css';

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: the way to the other auth screen. */
  footer?: ReactNode;
};

/** The centred card every account screen sits in. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className={`${page.centered} ${styles.page}`}>
      <PageTitle>{`${title} · PrintMarket`}</PageTitle>
      <section className={styles.card} aria-labelledby="auth-title">
        <header className={styles.header}>
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </header>
        {children}
      </section>
      {footer && <p className={styles.footer}>{footer}</p>}
    </div>
  );
}
