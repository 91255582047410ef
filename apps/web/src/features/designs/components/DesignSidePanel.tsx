import type { DesignDetail } from '@printmarket/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import button from '../../../app/styles/button.module.css';
import { useSession } from '../../auth/session.tsx';
import { CollectionPreview } from '../../collections/components/CollectionPreview.tsx';
import { FAILED_DOWNLOAD_DESIGN, fetchDesignZip, saveBlob, zipFileName } from '../api/download-all.ts';
import { formatPrice } from '../format.ts';
import { DownloadIcon } from './DesignFileList.tsx';
import styles from './DesignSections.module.css';

export const DOWNLOAD_ALL_SIGN_IN = 'Please sign in to download files.';
export const PURCHASE_SIGN_IN = 'Please sign in to purchase this design.';

/**
 * Price and the main action: download everything, or (for a paid design the viewer has no access
 * to) the purchase button; and the collection the design belongs to, with a preview of its designs.
 */
export function DesignSidePanel({ design, signedIn }: { design: DesignDetail; signedIn: boolean }) {
  const navigate = useNavigate();
  const viewerId = useSession().user?.id ?? null;
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const paid = design.isPaid && design.price > 0;
  const collectionPath = design.collection ? `/collection/${encodeURIComponent(design.collection.id)}` : null;

  const downloadAll = async () => {
    if (!signedIn) {
      window.alert(DOWNLOAD_ALL_SIGN_IN);
      return;
    }
    setDownloading(true);
    try {
      const zip = await fetchDesignZip(design.id);
      saveBlob(zip, zipFileName(design.name));
      // The server counted the download once the archive was sent.
      void queryClient.invalidateQueries({ queryKey: ['designs', 'detail'] });
    } catch (error) {
      console.error(FAILED_DOWNLOAD_DESIGN, error);
      window.alert(FAILED_DOWNLOAD_DESIGN);
    } finally {
      setDownloading(false);
    }
  };

  const buy = () => {
    window.alert(PURCHASE_SIGN_IN);
    navigate('/signin');
  };

  let action: ReactNode;
  if (design.canDownload || (!paid && !signedIn)) {
    action = (
      <button
        type="button"
        className={`${button.base} ${button.primary} ${button.large} ${button.block}`}
        onClick={() => void downloadAll()}
        disabled={downloading}
        aria-busy={downloading}
      >
        <DownloadIcon />
        {downloading ? 'Preparing download...' : 'Download All Files'}
      </button>
    );
  } else if (collectionPath && design.collection) {
    // Within a collection, the way in is the collection (spec section 2).
    action = (
      <Link
        to={collectionPath}
        className={`${button.base} ${button.primary} ${button.large} ${button.block}`}
      >
        View Collection
      </Link>
    );
  } else if (!signedIn) {
    action = (
      <button
        type="button"
        className={`${button.base} ${button.primary} ${button.large} ${button.block}`}
        onClick={buy}
      >
        Buy Model for {formatPrice(design.price)}
      </button>
    );
  } else {
    action = (
      <button
        type="button"
        className={`${button.base} ${button.secondary} ${button.large} ${button.block}`}
        disabled
      >
        Paid Design
      </button>
    );
  }

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
              {formatPrice(design.price)}
            </>
          ) : (
            'Free'
          )}
        </p>
        {action}
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
