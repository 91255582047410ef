import type { DesignCard as DesignCardData } from '@printmarket/shared/types';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import { StatusOverlay } from '@/components/ui/StatusOverlay.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { DesignCardGrid, DesignCardGridSkeleton } from './DesignCardGrid.tsx';

type QueryDesignGridProps = {
  query: UseQueryResult<DesignCardData[]>;
  /** Names the list for screen readers. */
  label: string;
  /** Shown when the list is empty (the words of docs/product.md#messages where it has them). */
  empty: string;
  /** Shown when loading fails and the server gave no message. */
  failure: string;
};

/**
 * A list of design cards as a query loads it (a dashboard or profile tab), with its states:
 * loading, failure with a retry, empty, and the grid. Cards step through their pictures every 3 s
 * (docs/product.md#limits-and-constants: lists other than home and search). While another order loads, the
 * previous cards stay, dimmed.
 */
export function QueryDesignGrid({ query, label, empty, failure }: QueryDesignGridProps) {
  const stale = query.isPlaceholderData;
  if (query.isPending) {
    return (
      <StatusOverlay status="Loading...">
        <DesignCardGridSkeleton count={4} />
      </StatusOverlay>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert retrying={query.isFetching} onRetry={() => query.refetch()}>
        <p>Error: {errorMessage(query.error, failure)}</p>
      </RetryAlert>
    );
  }
  if (query.data.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <StatusOverlay status={stale && query.isFetching ? 'Loading...' : ''}>
      <DesignCardGrid designs={query.data} label={label} stale={stale} />
    </StatusOverlay>
  );
}
