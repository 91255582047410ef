import type { DesignDetail } from '@printmarket/shared/types';
import { type KeyboardEvent, type SyntheticEvent, useRef, useState } from 'react';
import designPlaceholder from '@/assets/design-placeholder.svg';
import { mediaUrl, twoSizeSrcSet } from '@/lib/media.ts';
import { usePreloadImage } from '@/lib/page-head.tsx';
import styles from './DesignGallery.module.css';

export type GalleryImage = {
  key: string;
  src: string;
  thumb: string;
  alt: string;
  /** The picture in the sizes the server made of it, for `srcset`; null when there is one size. */
  srcSet: string | null;
};

/**
 * A model's rendered preview is made twice, 1200 x 900 for the gallery and 600 x 450 for cards: the
 * same picture, so a narrow screen can take the smaller.
 */
export const PREVIEW_WIDTHS = { card: 600, gallery: 1200 } as const;

/**
 * A photo is stored at up to 1600 x 1200 for the gallery and at half that (`mediumUrl`): the same
 * whole picture, which a phone takes. Its card is a 4:3 crop, so it never stands in. Photos stored
 * before the medium size existed have none until the server's backfill made it: one size then.
 * Both fit a 4:3 box, as the gallery's stage is, so the widths hold for tall photos too.
 */
export const PHOTO_WIDTHS = { medium: 800, gallery: 1600 } as const;

/** How wide the gallery shows: the page's width on one column, two thirds of at most 1240 px beside the side panel. */
export const GALLERY_SIZES = '(max-width: 900px) 100vw, 780px';

/** Photos first, then the rendered previews of the STL files (docs/product.md#design-page). */
export function galleryImages(design: DesignDetail): GalleryImage[] {
  const photos = design.files.filter((file) => file.type === 'image');
  const models = design.files.filter((file) => file.type === 'stl' && file.previewUrl);
  return [
    ...photos.map((file, i) => ({
      key: file._id,
      src: file.url,
      thumb: file.cardUrl ?? file.url,
      alt: photos.length > 1 ? `${design.name}, photo ${i + 1}` : `${design.name}, photo`,
      srcSet: twoSizeSrcSet(file.mediumUrl, file.url, [PHOTO_WIDTHS.medium, PHOTO_WIDTHS.gallery]),
    })),
    ...models.map((file) => ({
      key: `${file._id}-preview`,
      src: file.previewUrl ?? '',
      thumb: file.previewCardUrl ?? file.previewUrl ?? '',
      alt: `Rendered preview of ${file.name}`,
      srcSet: twoSizeSrcSet(file.previewCardUrl, file.previewUrl ?? '', [
        PREVIEW_WIDTHS.card,
        PREVIEW_WIDTHS.gallery,
      ]),
    })),
  ];
}

function fallBack(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.dataset.fallback) return;
  image.dataset.fallback = 'true';
  image.src = designPlaceholder;
}

/**
 * The large picture with a row of thumbnails. Thumbnails are buttons (Tab to reach, Enter to pick;
 * arrow keys move between them); the chosen one is marked with aria-pressed.
 */
export function DesignGallery({ images, rendering }: { images: GalleryImage[]; rendering: boolean }) {
  const [selected, setSelected] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const index = Math.min(selected, Math.max(0, images.length - 1));
  const current = images[index];
  const src = current ? mediaUrl(current.src, designPlaceholder) : designPlaceholder;
  const sizes = current?.srcSet ? GALLERY_SIZES : undefined;
  // The first picture is what the page is judged by: the server puts this preload in the head, so
  // the browser fetches it before it has read the page's scripts and styles.
  usePreloadImage(index === 0 && current ? { href: src, srcSet: current.srcSet ?? undefined, sizes } : null);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || images.length < 2) return;
    event.preventDefault();
    const next = (index + step + images.length) % images.length;
    setSelected(next);
    listRef.current?.querySelectorAll('button')[next]?.focus();
  };

  return (
    <div className={styles.gallery}>
      <div className={styles.stage}>
        <img
          key={current?.key ?? 'placeholder'}
          className={styles.image}
          src={src}
          srcSet={current?.srcSet ?? undefined}
          sizes={sizes}
          alt={current?.alt ?? ''}
          width={1200}
          height={900}
          fetchPriority="high"
          decoding="async"
          onError={fallBack}
        />
        {images.length === 0 && rendering && (
          <p className={styles.rendering} role="status">
            Rendering a preview of the model…
          </p>
        )}
        {images.length > 1 && (
          <span className={styles.counter} aria-hidden="true">
            {index + 1} / {images.length}
          </span>
        )}
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Images" ref={listRef} onKeyDown={onKeyDown}>
          {images.map((image, i) => (
            <li key={image.key}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={i === index}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                onClick={() => setSelected(i)}
              >
                <img
                  src={mediaUrl(image.thumb, designPlaceholder)}
                  alt=""
                  width={96}
                  height={72}
                  loading="lazy"
                  decoding="async"
                  onError={fallBack}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
