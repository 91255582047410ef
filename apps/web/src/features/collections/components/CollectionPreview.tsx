import { CARD_ROTATION_MS_OTHER } from '@printmarket/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import designPlaceholder from '@/assets/design-placeholder.svg';
import { useCollection } from '@/features/collections/api/get-collection.ts';
import { collectionPath, designPreviewImages } from '@/features/collections/collection-labels.ts';
import { useCardRotation } from '@/features/designs/components/use-card-rotation.ts';
import { mediaUrl } from '@/lib/media.ts';
import styles from './CollectionPreview.module.css';

/** The log text when the design page cannot load its collection (docs/product.md#design-messages). */
export const FAILED_FETCH_COLLECTION_INFO = 'Failed to fetch collection info';

type CollectionPreviewProps = {
  collectionId: string;
  viewerId: string | null;
};

/**
 * The design page's look into the design's collection: the first picture of each of its designs,
 * one after another every 3 seconds (docs/product.md#design-page). When the collection cannot be loaded
 * the failure is only logged and the panel shows without the preview.
 */
export function CollectionPreview({ collectionId, viewerId }: CollectionPreviewProps) {
  const query = useCollection(collectionId, viewerId);
  const images = query.data ? designPreviewImages(query.data) : [];
  const mediaRef = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const { index, mountedCount } = useCardRotation({
    count: images.length,
    intervalMs: CARD_ROTATION_MS_OTHER,
    paused: hovered,
    targetRef: mediaRef,
  });

  const failed = query.isError;
  useEffect(() => {
    if (failed) console.error(FAILED_FETCH_COLLECTION_INFO, query.error);
  }, [failed, query.error]);

  if (failed || (query.isSuccess && images.length === 0)) return null;
  // One frame from loading to loaded: the rotation watches this element to know it is on screen.
  return (
    <div ref={mediaRef} className={styles.preview}>
      {images.length > 0 && (
        // The collection's name is the link people use; the picture is a second way in for the mouse.
        <Link
          to={collectionPath({ id: collectionId })}
          className={styles.link}
          tabIndex={-1}
          aria-hidden="true"
          // Held still while the pointer is on it, so the picture can be looked at.
          onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
          onPointerLeave={() => setHovered(false)}
        >
          {images.slice(0, mountedCount).map((image, i) => (
            <img
              key={image.designId}
              className={`${styles.image} ${i === index ? styles.active : ''}`}
              src={mediaUrl(image.url, designPlaceholder)}
              alt=""
              width={600}
              height={450}
              loading="lazy"
              decoding="async"
            />
          ))}
        </Link>
      )}
    </div>
  );
}
