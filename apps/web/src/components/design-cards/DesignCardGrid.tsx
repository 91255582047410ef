import { CARD_ROTATION_MS_OTHER } from '@printmarket/shared/constants';
import type { DesignCard as DesignCardData } from '@printmarket/shared/types';
import type { ReactNode } from 'react';
import { CardGrid } from '@/components/ui/CardGrid.tsx';
import { HydrationSlice } from '@/lib/hydration-slice.tsx';
import { DesignCard } from './DesignCard.tsx';
import { DesignCardSkeleton } from './DesignCardSkeleton.tsx';

type DesignCardGridProps = {
  designs: readonly DesignCardData[];
  /** Names the list for screen readers, when no heading does. */
  label?: string;
  /** The id of the heading that names the list. */
  labelledBy?: string;
  /** docs/product.md#limits-and-constants: 5 s between pictures on home and search, 3 s in other lists. */
  rotationMs?: number;
  /** The card titles' level, under the heading of the list. */
  headingLevel?: 'h2' | 'h3';
  /** Whether the first card's picture loads at once and first: the list is what the page shows first. */
  priorityFirst?: boolean;
  /** True while these are the previous page's cards. */
  stale?: boolean;
  /** Shown under a card (the collection owner's Remove button). */
  footer?: (design: DesignCardData) => ReactNode;
};

/** Design cards in the app's grid of 1 to 4 columns: home, search, profiles, dashboard, collections. */
export function DesignCardGrid({
  designs,
  label,
  labelledBy,
  rotationMs = CARD_ROTATION_MS_OTHER,
  headingLevel = 'h3',
  priorityFirst = false,
  stale,
  footer,
}: DesignCardGridProps) {
  return (
    <CardGrid label={label} labelledBy={labelledBy} stale={stale}>
      {designs.map((design, i) => (
        <li key={design._id}>
          <HydrationSlice>
            <DesignCard
              design={design}
              rotationMs={rotationMs}
              headingLevel={headingLevel}
              priority={priorityFirst && i === 0}
            />
            {footer?.(design)}
          </HydrationSlice>
        </li>
      ))}
    </CardGrid>
  );
}

/** The grid's outline while its first cards load. */
export function DesignCardGridSkeleton({ count }: { count: number }) {
  return (
    <CardGrid placeholder>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
        <li key={i}>
          <DesignCardSkeleton />
        </li>
      ))}
    </CardGrid>
  );
}
