import type { CollectionSummary, DesignCard as DesignCardData } from '@printmarket/shared/types';
import { useRef } from 'react';
import button from '@/app/styles/button.module.css';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { FAILED_REMOVE_DESIGN, useRemoveDesign } from '@/features/collections/api/remove-design.ts';
import { DesignCardGrid } from '@/features/designs/components/DesignCardGrid.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import styles from './CollectionDesignGrid.module.css';

type CollectionDesignGridProps = {
  collection: CollectionSummary;
  isOwner: boolean;
  /** Reports a failed removal (or clears the report with null) to the page's message area. */
  onProblem(message: string | null): void;
};

/**
 * The collection's designs as cards whose pictures step every 3 seconds
 * (docs/product.md#limits-and-constants); the owner gets a Remove button under each (the design itself stays,
 * in no collection).
 */
export function CollectionDesignGrid({ collection, isOwner, onProblem }: CollectionDesignGridProps) {
  const remove = useRemoveDesign(collection.id);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const removeDesign = (designId: string) => {
    onProblem(null);
    remove.mutate(designId, {
      // The card and its button are gone: the focus waits on the section's heading.
      onSuccess: () => headingRef.current?.focus(),
      onError: (error) => onProblem(errorMessage(error, FAILED_REMOVE_DESIGN)),
    });
  };

  const removeButton = (design: DesignCardData) => {
    const removing = remove.isPending && remove.variables === design.id;
    return (
      <button
        type="button"
        className={`${button.base} ${button.secondary} ${styles.remove}`}
        disabled={remove.isPending}
        aria-busy={removing}
        onClick={() => removeDesign(design.id)}
      >
        {removing ? 'Removing...' : 'Remove'}
        <span className="visually-hidden"> {design.name} from the collection</span>
      </button>
    );
  };

  return (
    <section className={styles.section} aria-labelledby="collection-designs-heading">
      <h2 id="collection-designs-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
        Designs in this collection
      </h2>
      {collection.designs.length === 0 ? (
        <EmptyState>
          {isOwner
            ? 'No designs yet. Use Add Designs to put some in.'
            : 'This collection has no designs yet.'}
        </EmptyState>
      ) : (
        <DesignCardGrid
          designs={collection.designs}
          labelledBy="collection-designs-heading"
          footer={isOwner ? removeButton : undefined}
        />
      )}
    </section>
  );
}
