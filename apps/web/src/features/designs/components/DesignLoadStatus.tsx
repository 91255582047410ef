import { Link } from 'react-router';
import { StatusPage } from '../../../app/StatusPage.tsx';
import button from '../../../app/styles/button.module.css';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { FAILED_FETCH_DESIGN } from '../api/get-design.ts';
import styles from '../routes/DesignPage.module.css';

/**
 * What a design address shows before its design is there (spec section 2): 'Loading...',
 * 'Design not found' for a 404, else 'Error: {message}' with a retry when one is offered.
 */
export function DesignLoadStatus(props: { error: unknown; retry?: { busy: boolean; run: () => void } }) {
  const { error, retry } = props;
  if (!error) {
    return (
      <p className={styles.loading} role="status">
        Loading...
      </p>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return (
      <StatusPage
        code="404"
        title="Design not found"
        actions={
          <Link to="/" className={`${button.base} ${button.primary} ${button.large}`}>
            Browse designs
          </Link>
        }
      >
        <title>Design not found · PrintMarket</title>
        <p>It may have been removed, or the address may be mistyped.</p>
      </StatusPage>
    );
  }
  return (
    <div className={styles.error} role="alert">
      <p>Error: {errorMessage(error, FAILED_FETCH_DESIGN)}</p>
      {retry && (
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          disabled={retry.busy}
          onClick={retry.run}
        >
          {retry.busy ? 'Trying again...' : 'Try again'}
        </button>
      )}
    </div>
  );
}
