import { CARD_ROTATION_MS_OTHER } from '@printmarket/shared/constants';
import type { DesignCard as DesignCardData } from '@printmarket/shared/types';
import type { UseQueryResult } from '@tanstack/react-query';
import button from '../../../app/styles/button.module.css';
import { errorMessage } from '../../../lib/api-client.ts';
import { DesignCard } from '../../designs/components/DesignCard.tsx';
import { DesignCardSkeleton } from '../../designs/components/DesignCardSkeleton.tsx';
import styles from './ProfileCardGrid.module.css';

/**
 * A profile's list of design cards with its states: loading, error with a retry, empty, and the
 * grid. Cards rotate their pictures every 3 s (spec section 9: lists other than home and search).
 */
export function ProfileCardGrid(props: {
  list: UseQueryResult<DesignCardData[]>;
  label: string;
  emptyText: string;
  errorText: string;
}) {
  const { list, label, emptyText, errorText } = props;
  const stale = list.isPlaceholderData;

  if (list.isPending) {
    return (
      <div className={styles.listing}>
        <p className={styles.status} role="status">
          Loading...
        </p>
        <ul className={styles.grid} aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
            <li key={i}>
              <DesignCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className={styles.error} role="alert">
        <p>Error: {errorMessage(list.error, errorText)}</p>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          disabled={list.isFetching}
          onClick={() => list.refetch()}
        >
          {list.isFetching ? 'Trying again...' : 'Try again'}
        </button>
      </div>
    );
  }
  if (list.data.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <div className={styles.listing}>
      <p className={styles.status} role="status">
        {stale && list.isFetching ? 'Loading...' : ''}
      </p>
      <ul className={`${styles.grid} ${stale ? styles.stale : ''}`} aria-label={label} aria-busy={stale}>
        {list.data.map((design) => (
          <li key={design._id}>
            <DesignCard design={design} rotationMs={CARD_ROTATION_MS_OTHER} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </div>
  );
}
