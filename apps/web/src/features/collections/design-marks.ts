import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import type { CollectionSummary, DesignCard } from '@printmarket/shared/types';

/**
 * Where one of the creator's designs stands for a collection: free to pick, already in this
 * collection, or in another one (a design belongs to one collection at most, docs/product.md#collections).
 */
export type DesignMark = 'free' | 'added' | 'in-another';

/**
 * The mark of every design of the creator. Design cards carry no collection id, so membership
 * comes from the creator's collections (my-collections). `current` is the collection being filled:
 * its own design list is the freshest word on what it holds.
 */
export function designMarks(
  collections: readonly Pick<CollectionSummary, 'id' | 'designs'>[],
  current?: Pick<CollectionSummary, 'id' | 'designs'>,
): (designId: string) => DesignMark {
  const collectionOf = new Map<string, string>();
  for (const collection of collections) {
    for (const design of collection.designs) collectionOf.set(design.id, collection.id);
  }
  if (current) {
    for (const design of current.designs) collectionOf.set(design.id, current.id);
    // A design that left the current collection since my-collections was loaded is no longer in it.
    const inCurrent = new Set(current.designs.map((design) => design.id));
    for (const [designId, collectionId] of collectionOf) {
      if (collectionId === current.id && !inCurrent.has(designId)) collectionOf.delete(designId);
    }
  }
  return (designId) => {
    const collectionId = collectionOf.get(designId);
    if (collectionId === undefined) return 'free';
    return collectionId === current?.id ? 'added' : 'in-another';
  };
}

/** The create form's picker words it this way (docs/product.md#collection-pages). */
export const PICKER_IN_ANOTHER = COLLECTION_MSG.alreadyInAnother;
/** The Add Designs modal's words (docs/product.md#collection-pages: the modal spells it this way). */
export const ADD_MODAL_IN_ANOTHER = 'Already in Another Collection';
export const ADD_MODAL_ADDED = COLLECTION_MSG.alreadyAdded;

/**
 * The designs whose name or tags contain every word of the filter, ignoring case and accents;
 * all of them for a blank filter. Order is kept.
 */
export function filterDesigns<T extends Pick<DesignCard, 'name' | 'tags'>>(
  designs: readonly T[],
  filter: string,
): T[] {
  const words = fold(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...designs];
  return designs.filter((design) => {
    const text = fold([design.name, ...design.tags].join(' '));
    return words.every((word) => text.includes(word));
  });
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The designs the create form sends: those chosen that may still be picked. A choice whose design
 * has joined another collection since (it shows marked and unticked) is not sent.
 */
export function pickableSelection(
  selected: ReadonlySet<string>,
  designs: readonly Pick<DesignCard, 'id'>[],
  markOf: (designId: string) => DesignMark,
): string[] {
  return designs.filter((design) => selected.has(design.id) && markOf(design.id) === 'free').map((d) => d.id);
}
