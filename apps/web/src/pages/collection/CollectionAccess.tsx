import { formatDollars } from '@printmarket/shared/money';
import type { CollectionSummary } from '@printmarket/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PurchaseCollectionButton } from '@/features/checkout/components/PurchaseCollectionButton.tsx';
import { collectionOffer, subscriptionStandingText } from '@/features/checkout/purchase-offers.ts';
import {
  FAILED_DOWNLOAD_COLLECTION,
  fetchCollectionZip,
  SIGN_IN_TO_DOWNLOAD_COLLECTION,
} from '@/features/collections/api/download-collection.ts';
import { collectionKeys } from '@/features/collections/api/keys.ts';
import { zipFileName } from '@/features/designs/api/download-all.ts';
import { DownloadIcon } from '@/features/designs/components/DesignFileList.tsx';
import { ResumeSubscriptionButton } from '@/features/purchases/components/ResumeSubscriptionButton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import { rootKeys } from '@/lib/query-keys.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import button from '@/styles/button.module.css';
import styles from './CollectionAccess.module.css';
import { SubscribeButton } from './SubscribeButton.tsx';

/** Said when nothing can be downloaded or bought: the seller cannot take payments (yet). */
export const NOT_TAKING_PAYMENTS = 'This creator is not taking payments yet.';

type CollectionAccessProps = {
  collection: CollectionSummary;
  signedIn: boolean;
  isOwner: boolean;
};

/**
 * How to get the collection's files (docs/product.md#collection-pages: download, subscribe or purchase). What
 * shows follows the server's `access` for the viewer (see collectionOffer): the ZIP when the viewer may have
 * it, else the purchase and subscribe buttons that are open to them, and the viewer's own subscription when
 * there is one.
 */
export function CollectionAccess({ collection, signedIn, isOwner }: CollectionAccessProps) {
  const offer = collectionOffer(collection, signedIn, isOwner);
  const standing = subscriptionStandingText(offer.subscription);
  const { pricing } = collection;
  // Beside the download they are the lesser choice (renewing a subscription that runs out).
  const buttonClass = `${button.base} ${offer.download ? button.secondary : button.primary} ${button.large}`;
  const held = offer.subscription;
  const buttons = (offer.purchase || offer.subscribe || held) && (
    <div className={styles.buttons}>
      {offer.resume && held && (
        <ResumeSubscriptionButton
          subscriptionId={held.id}
          name={collection.name}
          className={`${button.base} ${button.primary} ${button.large}`}
        />
      )}
      {offer.purchase && (
        <PurchaseCollectionButton
          collectionId={collection.id}
          price={pricing.oneTimePurchase}
          signedIn={signedIn}
          className={buttonClass}
        />
      )}
      {(offer.subscribe || held) && (
        <SubscribeButton
          collectionId={collection.id}
          signedIn={signedIn}
          className={held ? `${button.base} ${button.secondary} ${button.large}` : buttonClass}
          held={held}
        />
      )}
    </div>
  );
  if (offer.download) {
    return (
      <div className={styles.download}>
        <DownloadCollectionButton collection={collection} signedIn={signedIn} />
        {standing && <p className={styles.standing}>{standing}</p>}
        {buttons}
      </div>
    );
  }
  return (
    <section className={styles.offer} aria-labelledby="collection-offer-heading">
      <h2 id="collection-offer-heading" className="visually-hidden">
        Get this collection
      </h2>
      <p className={styles.price}>
        {pricing.subscription ? (
          <>
            {formatDollars(pricing.subscriptionPrice)} <span className={styles.per}>per month</span>
          </>
        ) : (
          <>
            {formatDollars(pricing.oneTimePurchase)} <span className={styles.per}>one-time purchase</span>
          </>
        )}
      </p>
      {standing && <p className={styles.standing}>{standing}</p>}
      {buttons}
      {offer.unavailable && <p className={styles.note}>{NOT_TAKING_PAYMENTS}</p>}
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
      navigate(paths.signIn());
      return;
    }
    setDownloading(true);
    try {
      saveBlob(await fetchCollectionZip(collection.id), zipFileName(collection.name));
      // The server counted a download of every design in it.
      void queryClient.invalidateQueries({ queryKey: rootKeys.designs });
      void queryClient.invalidateQueries({ queryKey: collectionKeys.detailForAnyViewer(collection.id) });
    } catch (error) {
      console.error(FAILED_DOWNLOAD_COLLECTION, error);
      if (error instanceof ApiError && error.status === 401) {
        // The stored session is no longer accepted: the same way in as for a visitor.
        window.alert(SIGN_IN_TO_DOWNLOAD_COLLECTION);
        navigate(paths.signIn());
      } else {
        window.alert(FAILED_DOWNLOAD_COLLECTION);
      }
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
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
    </>
  );
}
