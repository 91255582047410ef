import { LoadStatus } from '@/components/ui/LoadStatus.tsx';
import { RetryButton } from '@/components/ui/RetryButton.tsx';
import { FAILED_FETCH_DESIGN } from '@/features/designs/api/get-design.ts';
import { errorMessage } from '@/lib/api-client.ts';

/**
 * What a design address shows before its design is there (docs/product.md#design-page): 'Loading...',
 * 'Design not found' for a 404, else 'Error: {message}' with a retry when one is offered.
 */
export function DesignLoadStatus(props: { error: unknown; retry?: { busy: boolean; run: () => void } }) {
  const { error, retry } = props;
  return (
    <LoadStatus
      error={error}
      notFound={{
        title: 'Design not found',
        tabTitle: 'Design not found',
        text: 'It may have been removed, or the address may be mistyped.',
      }}
      failure={`Error: ${errorMessage(error, FAILED_FETCH_DESIGN)}`}
      action={retry && <RetryButton retrying={retry.busy} onRetry={retry.run} />}
    />
  );
}
