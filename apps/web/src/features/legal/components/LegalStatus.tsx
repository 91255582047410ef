import { errorMessage } from '@/lib/api-client.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import styles from './LegalStatus.module.css';

/**
 * What a legal page shows until the installation's details (company, contact address, server
 * location) have arrived: the text is never shown with blanks where those belong.
 */
export function LegalStatus(props: { title: string; failed: boolean; error: unknown; onRetry: () => void }) {
  return (
    <section className={styles.status} aria-labelledby="legal-status-title">
      <PageTitle>{`${props.title} · PrintMarket`}</PageTitle>
      <h1 id="legal-status-title" className={styles.title}>
        {props.title}
      </h1>
      {!props.failed ? (
        <p role="status">Loading...</p>
      ) : (
        <div role="alert" className={styles.error}>
          <p>Error: {errorMessage(props.error, 'Could not load this page. Please try again.')}</p>
          <button type="button" className={styles.retry} onClick={props.onRetry}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}
