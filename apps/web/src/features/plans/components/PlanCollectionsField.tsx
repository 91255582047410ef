import { PLAN_MSG } from '@printmarket/shared/payments';
import { type Ref, useId } from 'react';
import { Link } from 'react-router';
import designPlaceholder from '@/assets/design-placeholder.svg';
import group from '@/components/form/Fieldset.module.css';
import { LoadingStatus } from '@/components/ui/QueryState.tsx';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import type { PlanCollectionChoice } from '@/features/plans/plan-form.ts';
import { mediaUrl } from '@/lib/media.ts';
import { paths } from '@/lib/paths.ts';
import styles from './PlanCollectionsField.module.css';

/** Where the seller's collections stand: the modal gets them from the page that opens it. */
export type CollectionsState =
  | { status: 'loading' }
  | { status: 'error'; retrying: boolean; onRetry(): void }
  | { status: 'ready'; choices: PlanCollectionChoice[] };

type PlanCollectionsFieldProps = {
  state: CollectionsState;
  selected: readonly string[];
  onToggle(id: string): void;
  /** Marks the group after a refused save that was about it. */
  invalid: boolean;
  /** The id of the message that says what is wrong. */
  describedBy?: string;
  /** The first checkbox, for putting the cursor here after a refused save. */
  firstRef?: Ref<HTMLInputElement>;
};

/**
 * Which collections a plan covers: the seller's own collections as a list of checkboxes (a native
 * multi-select is awkward with a keyboard and on phones), each with its cover.
 */
export function PlanCollectionsField({
  state,
  selected,
  onToggle,
  invalid,
  describedBy,
  firstRef,
}: PlanCollectionsFieldProps) {
  const countId = useId();
  return (
    <fieldset className={group.fieldset} aria-describedby={invalid ? describedBy : countId}>
      <legend className={group.legend}>Collections</legend>
      <CollectionList
        state={state}
        selected={selected}
        onToggle={onToggle}
        invalid={invalid}
        firstRef={firstRef}
      />
      <p id={countId} className={styles.count} aria-live="polite">
        {selected.length === 1 ? '1 collection chosen.' : `${selected.length} collections chosen.`}
      </p>
    </fieldset>
  );
}

function CollectionList({
  state,
  selected,
  onToggle,
  invalid,
  firstRef,
}: Omit<PlanCollectionsFieldProps, 'describedBy'>) {
  if (state.status === 'loading') {
    return <LoadingStatus className={styles.status}>Loading your collections...</LoadingStatus>;
  }
  if (state.status === 'error') {
    return (
      <RetryAlert retrying={state.retrying} onRetry={state.onRetry}>
        <p>{PLAN_MSG.collectionsFailed}</p>
      </RetryAlert>
    );
  }
  if (state.choices.length === 0) {
    return (
      <p className={styles.status}>
        You have no collections yet. A plan sells access to collections:{' '}
        <Link to={paths.createCollection()}>create a collection</Link> first.
      </p>
    );
  }
  return (
    <ul className={`${styles.list} ${invalid ? styles.invalid : ''}`}>
      {state.choices.map((choice, index) => (
        <li key={choice.id}>
          <label className={styles.row}>
            <input
              ref={index === 0 ? firstRef : undefined}
              type="checkbox"
              checked={selected.includes(choice.id)}
              aria-invalid={invalid || undefined}
              onChange={() => onToggle(choice.id)}
            />
            <img
              className={styles.thumb}
              src={mediaUrl(choice.coverImageUrl, designPlaceholder)}
              alt=""
              width={64}
              height={48}
              loading="lazy"
              decoding="async"
            />
            <span className={styles.name}>
              {choice.name}
              {choice.private && <span className={styles.private}> (private)</span>}
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
