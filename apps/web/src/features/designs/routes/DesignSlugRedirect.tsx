import { Link, Navigate, useParams } from 'react-router';
import { StatusPage } from '../../../app/StatusPage.tsx';
import button from '../../../app/styles/button.module.css';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { FAILED_FETCH_DESIGN } from '../api/get-design.ts';
import { useDesignLocation } from '../api/get-design-location.ts';
import styles from './DesignPage.module.css';

/** `/design/{slug}` (links from cards in the spec): finds the owner and goes to the canonical address. */
export default function DesignSlugRedirect() {
  const { slug = '' } = useParams();
  const location = useDesignLocation(slug);

  if (location.data) {
    const to = `/design/${encodeURIComponent(location.data.username)}/${encodeURIComponent(location.data.slug)}`;
    return <Navigate to={to} replace />;
  }
  if (location.isError) {
    if (location.error instanceof ApiError && location.error.status === 404) {
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
        </StatusPage>
      );
    }
    return (
      <p className={styles.error} role="alert">
        Error: {errorMessage(location.error, FAILED_FETCH_DESIGN)}
      </p>
    );
  }
  return (
    <p className={styles.loading} role="status">
      Loading...
    </p>
  );
}
