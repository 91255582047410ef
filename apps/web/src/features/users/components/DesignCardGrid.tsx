import { CARD_ROTATION_MS_OTHER } from '@printmarket/shared/constants';
import type { DesignCard as DesignCardData } from '@printmarket/shared/types';
import type { UseQueryResult } from '@tanstack/react-query';
import button from '../../../app/styles/button.module.css';
import { errorMessage } from '../../../lib/api-client.ts';
import { DesignCard } from '../../designs/components/DesignCard.tsx';
import { DesignCardSkeleton } from '../../designs/components/DesignCardSkeleton.tsx';
import styles from './DesignCardGrid.module.css';

type DesignCardGridProps = {
  query: UseQueryResult<DesignCardData[]>;
  /** Names the list for screen readers. */
  label: string;
  /** Shown when the list is empty (the spec's words where it has them). */
  empty: string;
  /** Shown when loading fails and the server gave no message. */
  failure: string;
};

/** A dashboard list of design cards with its loading, failure and empty states. */
export function DesignCardGrid({ query, label, empty, failure }: DesignCardGridProps) {
  if (query.isPending) {
    return (
      <>
        <p className="visually-hidden" role="status">
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
      </>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.error} role="alert">
        <p>Error: {errorMessage(query.error, failure)}</p>
        <button
          type="button"
          className={`${button.base} ${button.secondary}`}
          disabled={query.isFetching}
          onClick={() => query.refetch()}
        >
          {query.isFetching ? 'Trying again...' : 'Try again'}
        </button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.grid} aria-label={label}>
      {query.data.map((design) => (
        <li key={design._id}>
          {/* Cards with several pictures step through them every 3 s here (spec section 9). */}
          <DesignCard design={design} rotationMs={CARD_ROTATION_MS_OTHER} headingLevel="h3" />
        </li>
      ))}
    </ul>
  );
}
