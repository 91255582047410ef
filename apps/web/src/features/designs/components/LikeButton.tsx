import type { DesignDetail, LikeResponse } from '@printmarket/shared/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LikesIcon } from '@/components/design-cards/stat-icons.tsx';
import { FAILED_TOGGLE_LIKE, toggleLike } from '@/features/designs/api/toggle-like.ts';
import { countLabel, formatCount } from '@/lib/count-format.ts';
import styles from './DesignSections.module.css';

export const LIKE_SIGN_IN = 'You must log in to like this design.';

/**
 * The likes counter is also the like toggle (aria-pressed says whether the viewer likes it). The
 * count and state come from the server's answer, never guessed.
 */
export function LikeButton({
  design,
  signedIn,
  queryKey,
}: {
  design: DesignDetail;
  signedIn: boolean;
  queryKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const like = useMutation({
    mutationFn: () => toggleLike(design.user.username, design.slug),
    onSuccess: (answer: LikeResponse) => {
      queryClient.setQueryData<DesignDetail>(queryKey, (old) =>
        old ? { ...old, hasLiked: answer.hasLiked, likesCount: answer.likesCount } : old,
      );
    },
    onError: (error) => {
      console.error(FAILED_TOGGLE_LIKE, error);
      window.alert(FAILED_TOGGLE_LIKE);
    },
  });

  const onClick = () => {
    if (!signedIn) {
      window.alert(LIKE_SIGN_IN);
      return;
    }
    if (!like.isPending) like.mutate();
  };

  const label = countLabel(design.likesCount, 'like', 'likes');
  return (
    <button
      type="button"
      className={`${styles.like} ${design.hasLiked ? styles.liked : ''}`}
      aria-pressed={design.hasLiked}
      aria-busy={like.isPending}
      onClick={onClick}
      title={design.hasLiked ? 'Unlike this design' : 'Like this design'}
    >
      <LikesIcon />
      <span aria-hidden="true" data-testid="likes-count">
        {formatCount(design.likesCount)}
      </span>
      <span className="visually-hidden">
        {design.hasLiked ? 'Liked' : 'Like'}, {label}
      </span>
    </button>
  );
}
