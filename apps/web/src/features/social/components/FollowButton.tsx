import type { FollowResponse, ProfileResponse } from '@printmarket/shared/social';
import { SOCIAL_MSG } from '@printmarket/shared/social-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { followUser } from '@/features/social/api/follow-user.ts';
import { useFollowStatus } from '@/features/social/api/get-follow-status.ts';
import { socialKeys } from '@/features/social/api/keys.ts';
import { unfollowUser } from '@/features/social/api/unfollow-user.ts';
import { withFollowCounts } from '@/features/social/follower-counts.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import button from '@/styles/button.module.css';
import styles from './FollowButton.module.css';

export type FollowViewer = { status: 'loading' | 'signed-in' | 'signed-out' };

/**
 * Follow / Following (docs/product.md#social): a toggle whose state and the follower count on screen come
 * from the server's answer. Visitors are sent to /signin; while the session is still being
 * restored there is nothing to decide yet, so the button waits.
 */
export function FollowButton(props: {
  profile: { id: string; username: string };
  viewer: FollowViewer;
  /** Called after a change went through (the viewer's own "following" count changed too). */
  onChanged: () => void;
}) {
  const { profile, viewer, onChanged } = props;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = viewer.status === 'signed-in';
  const status = useFollowStatus(profile.id, signedIn);
  const isFollowing = signedIn && status.data?.isFollowing === true;

  const change = useMutation({
    mutationFn: (follow: boolean) => (follow ? followUser(profile.id) : unfollowUser(profile.id)),
    onSuccess: (answer: FollowResponse) => {
      queryClient.setQueryData(socialKeys.followStatus(profile.id), { isFollowing: answer.isFollowing });
      queryClient.setQueryData<ProfileResponse>(socialKeys.profile(profile.username), (old) =>
        old ? withFollowCounts(old, answer.updatedStats) : old,
      );
      void queryClient.invalidateQueries({ queryKey: socialKeys.publicProfile(profile.username) });
      onChanged();
    },
    onError: (error) => {
      // The session ended meanwhile: signing in again is the way forward.
      if (error instanceof ApiError && error.status === 401) navigate(paths.signIn());
    },
  });

  const waiting = viewer.status === 'loading' || (signedIn && status.isPending) || change.isPending;
  const onClick = () => {
    if (viewer.status === 'signed-out') {
      navigate(paths.signIn());
      return;
    }
    if (!waiting) change.mutate(!isFollowing);
  };

  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={`${button.base} ${isFollowing ? button.secondary : button.primary} ${styles.button}`}
        aria-pressed={signedIn ? isFollowing : undefined}
        aria-busy={waiting}
        disabled={waiting}
        onClick={onClick}
        title={isFollowing ? `Unfollow ${profile.username}` : `Follow ${profile.username}`}
      >
        {isFollowing ? 'Following' : 'Follow'}
      </button>
      {change.isError && !(change.error instanceof ApiError && change.error.status === 401) && (
        <p className={styles.error} role="alert">
          {errorMessage(change.error, SOCIAL_MSG.failedFollow)}
        </p>
      )}
    </div>
  );
}
