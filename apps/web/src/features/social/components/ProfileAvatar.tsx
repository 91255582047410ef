import type { SyntheticEvent } from 'react';
import avatarPlaceholder from '../../../assets/avatar-placeholder.svg';
import { mediaUrl } from '../../../lib/media.ts';

/** Swaps a picture that failed to load for the placeholder, once (a broken placeholder must not loop). */
function fallBack(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.dataset.fallback) return;
  image.dataset.fallback = 'true';
  image.src = avatarPlaceholder;
}

/** A round profile picture; a missing or broken one shows the placeholder (spec section 3). */
export function ProfileAvatar(props: { src: string | null; alt: string; size: number; className?: string }) {
  return (
    <img
      className={props.className}
      src={mediaUrl(props.src, avatarPlaceholder)}
      alt={props.alt}
      width={props.size}
      height={props.size}
      decoding="async"
      onError={fallBack}
    />
  );
}
