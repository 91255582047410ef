import type { ReactNode } from 'react';
import { useConfig } from '@/hooks/use-config.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import button from '@/styles/button.module.css';
import styles from './SupportPage.module.css';

type SupportPageProps = {
  title: string;
  intro: ReactNode;
  /** Subject line put into the e-mail, so messages arrive sorted. */
  subject: string;
  action: string;
};

/** A short page that leads to the installation's contact address (from GET /api/config). */
export function SupportPage({ title, intro, subject, action }: SupportPageProps) {
  const { data: config, isPending, isError } = useConfig();
  const email = config?.contactEmail;
  const mailto = email ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : null;

  return (
    <article className={styles.page} aria-labelledby="support-title">
      <PageTitle>{`${title} · PrintMarket`}</PageTitle>
      <h1 id="support-title" className={styles.title}>
        {title}
      </h1>
      <div className={styles.intro}>{intro}</div>
      <div className={styles.card}>
        {isPending && <p className={styles.muted}>Loading...</p>}
        {isError && (
          <p className={styles.muted}>The contact address could not be loaded. Please reload the page.</p>
        )}
        {mailto && email && (
          <>
            <p>
              Write to us at{' '}
              <a href={mailto} className={styles.email}>
                {email}
              </a>
            </p>
            <a href={mailto} className={`${button.base} ${button.primary} ${button.large}`}>
              {action}
            </a>
          </>
        )}
      </div>
    </article>
  );
}
