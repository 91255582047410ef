import { formatDollars } from '@printmarket/shared/money';
import type { DesignDetail } from '@printmarket/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { BuyDesignButton } from '@/features/checkout/components/BuyDesignButton.tsx';
import { designPanelActions } from '@/features/checkout/purchase-offers.ts';
import { CollectionPreview } from '@/features/collections/components/CollectionPreview.tsx';
import { FAILED_DOWNLOAD_DESIGN, fetchDesignZip, zipFileName } from '@/features/designs/api/download-all.ts';
import { designKeys } from '@/features/designs/api/keys.ts';
import { DownloadIcon } from '@/features/designs/components/DesignFileList.tsx';
import styles from '@/features/designs/components/DesignSections.module.css';
import { paths } from '@/lib/paths.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';

export const DOWNLOAD_ALL_SIGN_IN = 'Please sign in to download files.';

/**
 * Price and the main action: download everything, or (for a paid design the viewer has no access
 * to) the purchase button, the way to its collection, or both (see designPanelActions); and the
 * collection the design belongs to, with a preview of its designs.
 */
export function DesignSidePanel({ design, signedIn }: { design: DesignDetail; signedIn: boolean }) {
  const viewerId = useSession().user?.id ?? null;
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const paid = design.isPaid && design.price > 0;
  const collectionPath = design.collection ? paths.collection(design.collection.id) : null;

  const downloadAll = async () => {
    if (!signedIn) {
      window.alert(DOWNLOAD_ALL_SIGN_IN);
      return;
    }
    setDownloading(true);
    try {
      const zip = await fetchDesignZip(design.id);
      saveBlob(zip, zipFileName(design.name));
      // The server counted the download as the archive started: show the new count.
      void queryClient.invalidateQueries({ queryKey: designKeys.details });
    } catch (error) {
      console.error(FAILED_DOWNLOAD_DESIGN, error);
      window.alert(FAILED_DOWNLOAD_DESIGN);
    } finally {
      setDownloading(false);
    }
  };

  const large = `${button.base} ${button.large} ${button.block}`;
  const actions = designPanelActions(design, signedIn).map((kind): ReactNode => {
    switch (kind) {
      case 'download':
        return (
          <button
            key={kind}
            type="button"
            className={`${large} ${button.primary}`}
            onClick={() => void downloadAll()}
            disabled={downloading}
            aria-busy={downloading}
          >
            <DownloadIcon />
            {downloading ? 'Preparing download...' : 'Download All Files'}
          </button>
        );
      case 'view-collection':
        // Within a collection, the way in is the collection (docs/product.md#design-page).
        return collectionPath ? (
          <Link key={kind} to={collectionPath} className={`${large} ${button.primary}`}>
            View Collection
          </Link>
        ) : null;
      case 'buy':
        return (
          <BuyDesignButton
            key={kind}
            designId={design.id}
            price={design.price}
            signedIn={signedIn}
            // Beside the collection link it is the second way in, so it looks like one.
            className={`${large} ${collectionPath ? button.secondary : button.primary}`}
          />
        );
      case 'paid-design':
        return (
          <button key={kind} type="button" className={`${large} ${button.secondary}`} disabled>
            Paid Design
          </button>
        );
      default:
        return null;
    }
  });

  return (
    <>
      <section className={styles.panel} aria-labelledby="design-get-heading">
        <h2 id="design-get-heading" className="visually-hidden">
          Get this design
        </h2>
        <p className={styles.price}>
          {paid ? (
            <>
              <span className="visually-hidden">Price: </span>
              {formatDollars(design.price)}
            </>
          ) : (
            'Free'
          )}
        </p>
        {actions}
      </section>
      {design.collection && collectionPath && (
        <section className={styles.panel} aria-labelledby="design-collection-heading">
          <h2 id="design-collection-heading" className={styles.panelHeading}>
            Collection
          </h2>
          <CollectionPreview collectionId={design.collection.id} viewerId={viewerId} />
          <p>
            Part of <Link to={collectionPath}>{design.collection.name}</Link>
          </p>
        </section>
      )}
    </>
  );
}
