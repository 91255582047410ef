import type { CollectionSummary } from '@printmarket/shared/types';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import button from '@/app/styles/button.module.css';
import designPlaceholder from '@/assets/design-placeholder.svg';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { FAILED_ADD_DESIGN, useAddDesign } from '@/features/collections/api/add-design.ts';
import { useMyCollections } from '@/features/collections/api/my-collections.ts';
import {
  ADD_MODAL_ADDED,
  ADD_MODAL_IN_ANOTHER,
  designMarks,
  filterDesigns,
} from '@/features/collections/design-marks.ts';
import { FAILED_FETCH_MY_DESIGNS, useMyDesigns } from '@/features/designs/api/my-designs.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { mediaUrl } from '@/lib/media.ts';
import styles from './AddDesignsList.module.css';

type AddDesignsListProps = {
  collection: CollectionSummary;
  userId: string;
  onDone(): void;
};

/**
 * The Add Designs modal's content: a filter over the creator's designs and a list (at most 400 px
 * high, docs/product.md#limits-and-constants) where each design is added with one press, or marked 'Already
 * Added' / 'Already in Another Collection'.
 */
export function AddDesignsList({ collection, userId, onDone }: AddDesignsListProps) {
  const designs = useMyDesigns(userId);
  const collections = useMyCollections();
  const add = useAddDesign(collection.id);
  const [filter, setFilter] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const markOf = useMemo(
    () => designMarks(collections.data ?? [], collection),
    [collections.data, collection],
  );
  const shown = filterDesigns(designs.data ?? [], filter);

  // The pressed button becomes a mark once the collection holds the design: the focus goes on to
  // the next design to add, or to Done.
  const focusNext = useRef(false);
  const designCount = collection.designs.length;
  useEffect(() => {
    if (!focusNext.current || designCount === 0) return;
    focusNext.current = false;
    const next = listRef.current?.querySelector<HTMLButtonElement>('button[data-add]');
    (next ?? doneRef.current)?.focus();
  }, [designCount]);

  const addDesign = (designId: string, name: string) => {
    setAdded(null);
    focusNext.current = true;
    add.mutate(designId, {
      onSuccess: () => setAdded(`${name} was added.`),
      onError: () => {
        focusNext.current = false;
      },
    });
  };

  let content: ReactNode;
  if (designs.isPending || collections.isPending) {
    content = <p className={styles.status}>Loading your designs...</p>;
  } else if (designs.isError) {
    content = (
      <p className={styles.failure} role="alert">
        Error: {errorMessage(designs.error, FAILED_FETCH_MY_DESIGNS)}
      </p>
    );
  } else if (designs.data.length === 0) {
    content = <p className={styles.status}>You have no designs yet.</p>;
  } else if (shown.length === 0) {
    content = <p className={styles.status}>No designs match “{filter.trim()}”.</p>;
  } else {
    content = (
      <ul ref={listRef} className={styles.list} aria-label="Your designs">
        {shown.map((design) => {
          const mark = markOf(design.id);
          const image = design.files.find((file) => file.type === 'image');
          const adding = add.isPending && add.variables === design.id;
          return (
            <li key={design.id} className={styles.row}>
              <img
                className={styles.thumb}
                src={mediaUrl(image?.url, designPlaceholder)}
                alt=""
                width={64}
                height={48}
                loading="lazy"
                decoding="async"
              />
              <span className={styles.name}>{design.name}</span>
              {mark === 'added' && <span className={styles.added}>{ADD_MODAL_ADDED}</span>}
              {mark === 'in-another' && <span className={styles.taken}>{ADD_MODAL_IN_ANOTHER}</span>}
              {mark === 'free' && (
                <button
                  type="button"
                  data-add
                  className={`${button.base} ${button.secondary}`}
                  disabled={add.isPending}
                  aria-busy={adding}
                  onClick={() => addDesign(design.id, design.name)}
                >
                  {adding ? 'Adding...' : 'Add'}
                  <span className="visually-hidden"> {design.name}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className={styles.panel}>
      <FormAlert tone="error">{add.isError ? errorMessage(add.error, FAILED_ADD_DESIGN) : null}</FormAlert>
      <TextField
        label="Filter designs"
        type="search"
        value={filter}
        autoComplete="off"
        placeholder="Name or tag"
        onChange={(event) => setFilter(event.target.value)}
      />
      {content}
      <p className="visually-hidden" role="status">
        {added}
      </p>
      <div className={styles.actions}>
        <button ref={doneRef} type="button" className={`${button.base} ${button.primary}`} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
