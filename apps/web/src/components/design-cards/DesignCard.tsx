import { CARD_ROTATION_MS_OTHER } from '@printmarket/shared/constants';
import { MSG } from '@printmarket/shared/messages';
import { formatDollars } from '@printmarket/shared/money';
import type { DesignCard as DesignCardData } from '@printmarket/shared/types';
import { type ReactNode, type SyntheticEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import avatarPlaceholder from '@/assets/avatar-placeholder.svg';
import designPlaceholder from '@/assets/design-placeholder.svg';
import { countLabel, formatCount } from '@/lib/count-format.ts';
import { mediaUrl } from '@/lib/media.ts';
import { usePreloadImage } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import styles from './DesignCard.module.css';
import { DownloadsIcon, LikesIcon, ViewsIcon } from './stat-icons.tsx';
import { useCardRotation } from './use-card-rotation.ts';

/** Card images are made 600 x 450 by the server; the same ratio here reserves the space up front. */
const IMAGE_WIDTH = 600;
const IMAGE_HEIGHT = 450;

type DesignCardProps = {
  design: DesignCardData;
  /**
   * Milliseconds between preview images when the design has several (docs/product.md#limits-and-constants:
   * 5000 on home and search, 3000 in other lists). 0 keeps the first image.
   */
  rotationMs?: number;
  /** The card title's heading level, so it fits under the heading of the list it sits in. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /**
   * True for the list's first card: its picture is what the page is judged by, so it loads at once,
   * first, and the server's page preloads it from the head. Other cards' pictures load lazily.
   */
  priority?: boolean;
};

export function designPath(design: Pick<DesignCardData, 'slug' | 'user'>): string {
  return paths.design(design.user.username, design.slug);
}

/** Swaps a picture that failed to load for a placeholder, once (a broken placeholder must not loop). */
function fallBackTo(placeholder: string) {
  return (event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    if (image.dataset.fallback) return;
    image.dataset.fallback = 'true';
    image.src = placeholder;
  };
}

/**
 * A design in a list: preview, name, creator, two lines of description and its counters. The whole
 * card opens the design (the title link stretches over it); the creator's name is its own link to
 * their profile, layered above.
 */
export function DesignCard({
  design,
  rotationMs = CARD_ROTATION_MS_OTHER,
  headingLevel = 'h3',
  priority = false,
}: DesignCardProps) {
  const Heading = headingLevel;
  const images = design.files.filter((file) => file.type === 'image');
  const mediaRef = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { index, mountedCount } = useCardRotation({
    count: images.length,
    intervalMs: rotationMs,
    // Hold the picture still while someone points at or tabs onto the card, so they can look at it.
    paused: hovered || focused,
    targetRef: mediaRef,
  });
  const username = design.user?.username ?? '';
  // A card has one picture size (600 x 450): no srcset to choose from.
  const firstImage = images[0] ? mediaUrl(images[0].url, designPlaceholder) : null;
  usePreloadImage(priority && firstImage ? { href: firstImage } : null);
  const description = design.description?.trim() || MSG.noDescription;

  return (
    <article
      className={styles.card}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.media} ref={mediaRef}>
        {images.length === 0 ? (
          <img
            className={`${styles.image} ${styles.imageActive}`}
            src={designPlaceholder}
            alt=""
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
          />
        ) : (
          images.slice(0, mountedCount).map((file, i) => (
            <img
              key={file._id}
              className={`${styles.image} ${i === index ? styles.imageActive : ''}`}
              src={mediaUrl(file.url, designPlaceholder)}
              // The title next to the picture already names the design.
              alt=""
              width={IMAGE_WIDTH}
              height={IMAGE_HEIGHT}
              loading={priority && i === 0 ? 'eager' : 'lazy'}
              fetchPriority={priority && i === 0 ? 'high' : 'auto'}
              decoding="async"
              onError={fallBackTo(designPlaceholder)}
            />
          ))
        )}
        {design.isPaid && design.price > 0 && (
          <span className={styles.price}>
            <span className="visually-hidden">Price: </span>
            {formatDollars(design.price)}
          </span>
        )}
        {design.takenDown && <span className={styles.takenDown}>Taken down</span>}
        {images.length > 1 && (
          <span className={styles.dots} aria-hidden="true">
            {images.map((file, i) => (
              <span key={file._id} className={`${styles.dot} ${i === index ? styles.dotActive : ''}`} />
            ))}
          </span>
        )}
      </div>

      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link className={styles.titleLink} to={designPath(design)}>
            {design.name}
          </Link>
        </Heading>

        <p className={styles.creator}>
          <img
            className={styles.avatar}
            src={mediaUrl(design.user?.profilePicture, avatarPlaceholder)}
            alt=""
            width={24}
            height={24}
            loading="lazy"
            decoding="async"
            onError={fallBackTo(avatarPlaceholder)}
          />
          <span className="visually-hidden">by </span>
          <Link className={styles.creatorLink} to={paths.profile(username)}>
            {username}
          </Link>
        </p>

        <p className={styles.description}>{description}</p>

        <ul className={styles.stats} aria-label="Statistics">
          <Stat icon={<ViewsIcon />} value={design.views} singular="view" plural="views" />
          <Stat icon={<LikesIcon />} value={design.likesCount} singular="like" plural="likes" />
          <Stat icon={<DownloadsIcon />} value={design.downloads} singular="download" plural="downloads" />
        </ul>
      </div>
    </article>
  );
}

function Stat(props: { icon: ReactNode; value: number | undefined; singular: string; plural: string }) {
  const label = countLabel(props.value, props.singular, props.plural);
  return (
    <li className={styles.stat} title={label}>
      {props.icon}
      <span aria-hidden="true">{formatCount(props.value)}</span>
      <span className="visually-hidden">{label}</span>
    </li>
  );
}
