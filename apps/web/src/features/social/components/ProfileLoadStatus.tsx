import { SOCIAL_MSG } from '@printmarket/shared/social';
import { Link } from 'react-router';
import { StatusPage } from '../../../app/StatusPage.tsx';
import button from '../../../app/styles/button.module.css';
import { ApiError } from '../../../lib/api-client.ts';
import styles from './ProfileLoadStatus.module.css';

/**
 * What `/profile/{username}` shows before the profile is there: 'Loading...', a not-found page
 * for a 404, else the spec's 'Failed to fetch profile' with a retry.
 */
export function ProfileLoadStatus(props: {
  username: string;
  error: unknown;
  retry: { busy: boolean; run: () => void };
}) {
  const { username, error, retry } = props;
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
        title={SOCIAL_MSG.userNotFound}
        actions={
          <Link to="/" className={`${button.base} ${button.primary} ${button.large}`}>
            Browse designs
          </Link>
        }
      >
        <title>User not found · PrintMarket</title>
        <p>Nobody here goes by the name “{username}”. The address may be mistyped.</p>
      </StatusPage>
    );
  }
  return (
    <div className={styles.error} role="alert">
      <title>Profile · PrintMarket</title>
      <p>{SOCIAL_MSG.failedFetchProfile}</p>
      <button
        type="button"
        className={`${button.base} ${button.secondary}`}
        disabled={retry.busy}
        onClick={retry.run}
      >
        {retry.busy ? 'Trying again...' : 'Try again'}
      </button>
    </div>
  );
}
