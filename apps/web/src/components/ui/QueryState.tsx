import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styles from './QueryState.module.css';
import { RetryAlert } from './RetryAlert.tsx';

/** What a list or panel says while its data loads ('Loading...'), read out politely (role status). */
export function LoadingStatus({
  children = 'Loading...',
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <p className={className ? `${styles.loading} ${className}` : styles.loading} role="status">
      {children}
    </p>
  );
}

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  /** What the failure says, as one or more paragraphs; given the query's error. */
  failure(error: Error): ReactNode;
  /** The loading text, 'Loading...' unless given. */
  loading?: ReactNode;
  /** Stands in for the loading text where the screen shows more than words (a skeleton grid). */
  placeholder?: ReactNode;
  /** Extra layout for the loading text. */
  loadingClassName?: string;
  /** The content, once the data is there. */
  children(data: T): ReactNode;
};

/**
 * A list or panel that loads its own data: the loading text, then either the content or the
 * failure with a Try again button that asks again (an alert, read out at once).
 */
export function QueryState<T>({
  query,
  failure,
  loading,
  placeholder,
  loadingClassName,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) {
    return placeholder ?? <LoadingStatus className={loadingClassName}>{loading}</LoadingStatus>;
  }
  if (query.isError) {
    return (
      <RetryAlert retrying={query.isFetching} onRetry={() => void query.refetch()}>
        {failure(query.error)}
      </RetryAlert>
    );
  }
  return children(query.data);
}
