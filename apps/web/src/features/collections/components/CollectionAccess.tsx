import type { CollectionSummary } from '@printmarket/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import button from '../../../app/styles/button.module.css';
import { ApiError } from '../../../lib/api-client.ts';
import { saveBlob, zipFileName } from '../../designs/api/download-all.ts';
import { DownloadIcon } from '../../designs/components/DesignFileList.tsx';
import {
  FAILED_DOWNLOAD_COLLECTION,
  fetchCollectionZip,
  SIGN_IN_TO_DOWNLOAD_COLLECTION,
} from '../api/download-collection.ts';
import styles from './CollectionAccess.module.css';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

type CollectionAccessProps = {
  collection: CollectionSummary;
  signedIn: boolean;
  isOwner: boolean;
};

/**
 * How to get the collection's files. A free collection (and any collection for its owner) is one
 * ZIP away; a paid one shows its price: purchases open with payments, so nothing here pretends to
 * sell it yet.
 */
export function CollectionAccess({ collection, signedIn, isOwner }: CollectionAccessProps) {
  if (collection.pricing.free || isOwner) {
    return <DownloadCollectionButton collection={collection} signedIn={signedIn} />;
  }
  const { pricing } = collection;
  return (
    <section className={styles.offer} aria-labelledby="collection-offer-heading">
      <h2 id="collection-offer-heading" className="visually-hidden">
        Get this collection
      </h2>
      <p className={styles.price}>
        {pricing.subscription ? (
          <>
            {usd.format(pricing.subscriptionPrice)} <span className={styles.per}>per month</span>
          </>
        ) : (
          <>
            {usd.format(pricing.oneTimePurchase)} <span className={styles.per}>one-time purchase</span>
          </>
        )}
      </p>
      <p className={styles.note}>
        Purchases are not open yet. Once they are, buying this collection unlocks every design in it.
      </p>
    </section>
  );
}

function DownloadCollectionButton({ collection, signedIn }: Omit<CollectionAccessProps, 'isOwner'>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const empty = collection.designs.length === 0;

  const download = async () => {
    if (!signedIn) {
      window.alert(SIGN_IN_TO_DOWNLOAD_COLLECTION);
      navigate('/signin');
      return;
    }
    setDownloading(true);
    try {
      saveBlob(await fetchCollectionZip(collection.id), zipFileName(collection.name));
      // The server counted a download of every design in it.
      void queryClient.invalidateQueries({ queryKey: ['designs'] });
      void queryClient.invalidateQueries({ queryKey: ['collections', 'detail', collection.id] });
    } catch (error) {
      console.error(FAILED_DOWNLOAD_COLLECTION, error);
      if (error instanceof ApiError && error.status === 401) {
        // The stored session is no longer accepted: the same way in as for a visitor.
        window.alert(SIGN_IN_TO_DOWNLOAD_COLLECTION);
        navigate('/signin');
      } else {
        window.alert(FAILED_DOWNLOAD_COLLECTION);
      }
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={styles.download}>
      <button
        type="button"
        className={`${button.base} ${button.primary} ${button.large}`}
        onClick={() => void download()}
        disabled={downloading || empty}
        aria-busy={downloading}
      >
        <DownloadIcon />
        {downloading ? 'Preparing download...' : 'Download Collection'}
      </button>
      {empty && <p className={styles.note}>This collection has no designs yet.</p>}
    </div>
  );
}
