import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import type { CollectionSummary } from '@printmarket/shared/types';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { LoadStatus } from '@/components/ui/LoadStatus.tsx';
import { RetryButton } from '@/components/ui/RetryButton.tsx';
import { FAILED_FETCH_COLLECTION, useCollection } from '@/features/collections/api/get-collection.ts';
import { CollectionDesignGrid } from '@/features/collections/components/CollectionDesignGrid.tsx';
import { CollectionHero } from '@/features/collections/components/CollectionHero.tsx';
import { OwnerActions } from '@/features/collections/components/OwnerActions.tsx';
import type { CreatedNotice } from '@/features/collections/routes/CreateCollectionPage.tsx';
import { ReportButton } from '@/features/reports/components/ReportButton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { type SessionUser, useSession } from '@/lib/session/session.tsx';
import { CollectionAccess } from './CollectionAccess.tsx';
import styles from './CollectionPage.module.css';

/** Collection page (docs/product.md#collection-pages): /collection/{id}. */
export default function CollectionPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useCollection(id, user?.id ?? null);

  if (query.isPending || query.isError) {
    return (
      <LoadStatus
        error={query.error}
        notFound={{
          title: COLLECTION_MSG.notFound,
          tabTitle: 'Collection not found',
          text: 'It may have been deleted or made private, or the address may be mistyped.',
        }}
        failure={`Error: ${errorMessage(query.error, FAILED_FETCH_COLLECTION)}`}
        action={<RetryButton retrying={query.isFetching} onRetry={() => void query.refetch()} />}
      />
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
      <PageTitle>{`${collection.name} · PrintMarket`}</PageTitle>
      <CollectionHero collection={collection}>
        <div className={styles.actions}>
          {isOwner && user && (
            <OwnerActions collection={collection} userId={user.id} onProblem={setProblem} />
          )}
          <CollectionAccess collection={collection} signedIn={user !== null} isOwner={isOwner} />
          {!isOwner && (
            <ReportButton
              targetType="collection"
              targetId={collection.id}
              signedIn={user !== null}
              className={styles.report}
            />
          )}
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
