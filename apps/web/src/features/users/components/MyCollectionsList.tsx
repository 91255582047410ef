import type { CollectionSummary } from '@printmarket/shared/types';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import button from '@/app/styles/button.module.css';
import designPlaceholder from '@/assets/design-placeholder.svg';
import { CardGrid } from '@/components/ui/CardGrid.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import {
  collectionCardPriceText,
  collectionCover,
  collectionPath,
  designCountText,
} from '@/features/collections/collection-labels.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { mediaUrl } from '@/lib/media.ts';
import styles from './MyCollectionsList.module.css';

/** The text when collections cannot be loaded and the server says nothing (docs/product.md#messages). */
const FAILED_LOAD_COLLECTIONS = 'Failed to load collections';

/** My Collections on the dashboard: a way to make one, then a card per collection. */
export function MyCollectionsList({ query }: { query: UseQueryResult<CollectionSummary[]> }) {
  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <Link to="/create-collection" className={`${button.base} ${button.primary}`}>
          Create Collection
        </Link>
      </div>
      <CollectionsState query={query} />
    </div>
  );
}

function CollectionsState({ query }: { query: UseQueryResult<CollectionSummary[]> }) {
  if (query.isPending) {
    return (
      <p className={styles.loading} role="status">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert retrying={query.isFetching} onRetry={() => query.refetch()}>
        <p>Error: {errorMessage(query.error, FAILED_LOAD_COLLECTIONS)}</p>
      </RetryAlert>
    );
  }
  if (query.data.length === 0) return <EmptyState>You have no collections yet.</EmptyState>;
  return (
    <CardGrid label="My collections">
      {query.data.map((collection) => (
        <li key={collection._id}>
          <CollectionCard collection={collection} />
        </li>
      ))}
    </CardGrid>
  );
}

function CollectionCard({ collection }: { collection: CollectionSummary }) {
  return (
    <article className={styles.card}>
      <img
        className={styles.cover}
        src={mediaUrl(collectionCover(collection), designPlaceholder)}
        alt=""
        width={600}
        height={450}
        loading="lazy"
        decoding="async"
      />
      <div className={styles.body}>
        <h3 className={styles.name}>{collection.name}</h3>
        <p className={styles.meta}>
          <span className={collection.visibility === 'private' ? styles.private : styles.public}>
            {collection.visibility === 'private' ? 'Private' : 'Public'}
          </span>
          {collection.archived && <span className={styles.private}>Archived</span>}
          <span>{designCountText(collection.designs.length)}</span>
          <span>{collectionCardPriceText(collection.pricing)}</span>
        </p>
        {collection.description && <p className={styles.description}>{collection.description}</p>}
        <Link
          to={collectionPath(collection)}
          className={`${button.base} ${button.secondary} ${styles.view}`}
          aria-label={`View Collection ${collection.name}`}
        >
          View Collection
        </Link>
      </div>
    </article>
  );
}
