import avatarPlaceholder from '@/assets/avatar-placeholder.svg';
import { mediaUrl } from '@/lib/media.ts';
import styles from './Avatar.module.css';

type AvatarProps = {
  src: string | null | undefined;
  /** Empty when a name is printed next to the picture, so screen readers do not read it twice. */
  alt: string;
  size: number;
  className?: string;
};

/** A round profile picture; a missing or broken picture shows the placeholder instead. */
export function Avatar({ src, alt, size, className }: AvatarProps) {
  return (
    <img
      className={`${styles.avatar} ${className ?? ''}`}
      src={mediaUrl(src, avatarPlaceholder)}
      alt={alt}
      width={size}
      height={size}
      decoding="async"
      onError={(event) => {
        const image = event.currentTarget;
        // Only once: if the placeholder itself failed, stop rather than loop.
        if (image.dataset.fallback) return;
        image.dataset.fallback = 'true';
        image.src = avatarPlaceholder;
      }}
    />
  );
}
