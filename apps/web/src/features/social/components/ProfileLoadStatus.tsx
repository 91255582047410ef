import { SOCIAL_MSG } from '@printmarket/shared/social-messages';
import { LoadStatus } from '@/components/ui/LoadStatus.tsx';
import { RetryButton } from '@/components/ui/RetryButton.tsx';

/**
 * What `/profile/{username}` shows before the profile is there: 'Loading...', a not-found page
 * for a 404, else 'Failed to fetch profile' (docs/product.md#public-profile) with a retry.
 */
export function ProfileLoadStatus(props: {
  username: string;
  error: unknown;
  retry: { busy: boolean; run: () => void };
}) {
  const { username, error, retry } = props;
  return (
    <LoadStatus
      error={error}
      notFound={{
        title: SOCIAL_MSG.userNotFound,
        tabTitle: 'User not found',
        text: `Nobody here goes by the name “${username}”. The address may be mistyped.`,
      }}
      failure={SOCIAL_MSG.failedFetchProfile}
      failureTabTitle="Profile"
      action={<RetryButton retrying={retry.busy} onRetry={retry.run} />}
    />
  );
}
