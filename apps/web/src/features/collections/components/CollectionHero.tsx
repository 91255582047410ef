import type { CollectionSummary } from '@printmarket/shared/types';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import designPlaceholder from '@/assets/design-placeholder.svg';
import { collectionPriceText, designCountText } from '@/features/collections/collection-labels.ts';
import { mediaUrl } from '@/lib/media.ts';
import styles from './CollectionHero.module.css';

/**
 * The collection's details (docs/product.md#collection-pages): cover, name, owner, description, visibility
 * and pricing, with the actions that fit the viewer below them.
 */
export function CollectionHero({
  collection,
  children,
}: {
  collection: CollectionSummary;
  children: ReactNode;
}) {
  const owner = collection.user.username;
  const description = collection.description.trim();
  return (
    <header className={styles.hero}>
      <div className={styles.cover}>
        <img
          src={mediaUrl(collection.coverImageUrl, designPlaceholder)}
          alt={collection.coverImageUrl ? `Cover of ${collection.name}` : ''}
          width={1200}
          height={900}
          fetchPriority="high"
        />
      </div>
      <div className={styles.info}>
        <p className={styles.eyebrow}>Collection</p>
        {collection.archived && (
          <p className={styles.archived} role="status">
            <strong>Archived</strong>
            <span>No longer listed or sold. Those who bought it or subscribed keep their access.</span>
          </p>
        )}
        <h1 id="collection-title" className={styles.title}>
          {collection.name}
        </h1>
        <p className={styles.byline}>
          by{' '}
          <Link to={`/profile/${encodeURIComponent(owner)}`} className={styles.owner}>
            {owner}
          </Link>
        </p>
        {description ? (
          <p className={styles.description}>{description}</p>
        ) : (
          <p className={styles.muted}>No description available</p>
        )}
        <dl className={styles.facts}>
          <div>
            <dt>Visibility</dt>
            <dd>{collection.visibility === 'private' ? 'Private' : 'Public'}</dd>
          </div>
          <div>
            <dt>Pricing</dt>
            <dd>{collectionPriceText(collection.pricing)}</dd>
          </div>
          <div>
            <dt>Designs</dt>
            <dd>{designCountText(collection.designs.length)}</dd>
          </div>
          {!collection.pricing.free && (
            <div>
              <dt>Single designs</dt>
              <dd>
                {collection.allowIndividualPurchase ? 'Sold one by one too' : 'Only with the collection'}
              </dd>
            </div>
          )}
        </dl>
        {children}
      </div>
    </header>
  );
}
