import type { DesignCard } from '@printmarket/shared/types';
import type { UseQueryResult } from '@tanstack/react-query';
import { type Ref, useId } from 'react';
import { Link } from 'react-router';
import designPlaceholder from '@/assets/design-placeholder.svg';
import group from '@/components/form/Fieldset.module.css';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import { type DesignMark, PICKER_IN_ANOTHER } from '@/features/collections/design-marks.ts';
import { FAILED_FETCH_MY_DESIGNS } from '@/hooks/use-my-designs.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { mediaUrl } from '@/lib/media.ts';
import { paths } from '@/lib/paths.ts';
import styles from './DesignPicker.module.css';
import sections from './FormSections.module.css';

type DesignPickerProps = {
  designs: UseQueryResult<DesignCard[]>;
  /** False while the creator's collections (where the marks come from) are still loading. */
  marksReady: boolean;
  markOf(designId: string): DesignMark;
  selected: ReadonlySet<string>;
  onToggle(designId: string): void;
  error?: string;
  groupRef?: Ref<HTMLFieldSetElement>;
};

/**
 * The creator's designs as cards with a checkbox each. A design already in another collection is
 * marked so and cannot be picked (a design belongs to one collection at most).
 */
export function DesignPicker({
  designs,
  marksReady,
  markOf,
  selected,
  onToggle,
  error,
  groupRef,
}: DesignPickerProps) {
  const errorId = useId();
  const pickedCount = designs.data?.filter((d) => selected.has(d.id) && markOf(d.id) === 'free').length ?? 0;
  return (
    <fieldset
      ref={groupRef}
      tabIndex={-1}
      className={`${group.fieldset} ${styles.picker}`}
      aria-describedby={errorId}
    >
      <legend className={sections.legend}>Designs</legend>
      <p className={styles.hint}>
        Pick the designs this collection holds. A design can be in one collection only.{' '}
        <span role="status">
          {pickedCount === 1 ? '1 design selected.' : `${pickedCount} designs selected.`}
        </span>
      </p>
      <PickerContent
        designs={designs}
        marksReady={marksReady}
        markOf={markOf}
        selected={selected}
        onToggle={onToggle}
      />
      <p id={errorId} className={styles.error} aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}

function PickerContent({
  designs,
  marksReady,
  markOf,
  selected,
  onToggle,
}: Omit<DesignPickerProps, 'error' | 'groupRef'>) {
  if (designs.isPending || (!marksReady && !designs.isError))
    return <p className={styles.status}>Loading your designs...</p>;
  if (designs.isError) {
    return (
      <RetryAlert retrying={designs.isFetching} onRetry={() => void designs.refetch()}>
        <p>Error: {errorMessage(designs.error, FAILED_FETCH_MY_DESIGNS)}</p>
      </RetryAlert>
    );
  }
  if (designs.data.length === 0) {
    return (
      <p className={styles.status}>
        You have no designs yet. <Link to={paths.upload()}>Upload a model</Link> first, then group it here.
      </p>
    );
  }
  return (
    <ul className={styles.grid} aria-label="Your designs">
      {designs.data.map((design) => {
        const taken = markOf(design.id) !== 'free';
        const image = design.files.find((file) => file.type === 'image');
        return (
          <li key={design.id}>
            <label className={`${styles.card} ${taken ? styles.taken : ''}`}>
              <span className={styles.thumb}>
                <img
                  src={mediaUrl(image?.url, designPlaceholder)}
                  alt=""
                  width={600}
                  height={450}
                  loading="lazy"
                  decoding="async"
                />
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={!taken && selected.has(design.id)}
                  disabled={taken}
                  onChange={() => onToggle(design.id)}
                />
              </span>
              <span className={styles.text}>
                <span className={styles.name}>{design.name}</span>
                {taken && <span className={styles.mark}>{PICKER_IN_ANOTHER}</span>}
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
