import { COLLECTION_MSG } from '@printmarket/shared/collections';
import type { CollectionSummary } from '@printmarket/shared/types';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { StatusPage } from '../../../app/StatusPage.tsx';
import button from '../../../app/styles/button.module.css';
import { FormAlert } from '../../../components/form/FormAlert.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { type SessionUser, useSession } from '../../auth/session.tsx';
import { FAILED_FETCH_COLLECTION, useCollection } from '../api/get-collection.ts';
import { CollectionAccess } from '../components/CollectionAccess.tsx';
import { CollectionDesignGrid } from '../components/CollectionDesignGrid.tsx';
import { CollectionHero } from '../components/CollectionHero.tsx';
import { OwnerActions } from '../components/OwnerActions.tsx';
import styles from './CollectionPage.module.css';
import type { CreatedNotice } from './CreateCollectionPage.tsx';

/** Collection page (spec section 2): /collection/{id}. */
export default function CollectionPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useCollection(id, user?.id ?? null);

  if (query.isPending) {
    return (
      <p className={styles.status} role="status">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <StatusPage
          code="404"
          title={COLLECTION_MSG.notFound}
          actions={
            <Link to="/" className={`${button.base} ${button.primary} ${button.large}`}>
              Browse designs
            </Link>
          }
        >
          <title>Collection not found · PrintMarket</title>
          <p>It may have been deleted or made private, or the address may be mistyped.</p>
        </StatusPage>
      );
    }
    return (
      <div className={styles.status} role="alert">
        <p className={styles.error}>Error: {errorMessage(query.error, FAILED_FETCH_COLLECTION)}</p>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {query.isFetching ? 'Trying again...' : 'Try again'}
        </button>
      </div>
    );
  }
  return <CollectionView collection={query.data} user={user} />;
}

function CollectionView({ collection, user }: { collection: CollectionSummary; user: SessionUser | null }) {
  const isOwner = user !== null && user.id === collection.user._id;
  const [problem, setProblem] = useState<string | null>(null);
  const notice = useArrivalNotice();

  return (
    <article className={styles.page} aria-labelledby="collection-title">
      <title>{`${collection.name} · PrintMarket`}</title>
      <CollectionHero collection={collection}>
        <div className={styles.actions}>
          {isOwner && user && (
            <OwnerActions collection={collection} userId={user.id} onProblem={setProblem} />
          )}
          <CollectionAccess collection={collection} signedIn={user !== null} isOwner={isOwner} />
        </div>
      </CollectionHero>
      <div className={styles.messages}>
        <FormAlert tone="success">{notice}</FormAlert>
        <FormAlert tone="error">{problem}</FormAlert>
      </div>
      <CollectionDesignGrid collection={collection} isOwner={isOwner} onProblem={setProblem} />
    </article>
  );
}

/**
 * The message the create form passed along ('Collection created successfully.'). Shown on this
 * visit only: it is taken out of the history entry, so a reload does not show it again.
 */
function useArrivalNotice(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (location.state as CreatedNotice | null)?.notice ?? null);
  useEffect(() => {
    if ((location.state as CreatedNotice | null)?.notice) {
      navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [location, navigate]);
  return notice;
}
