import type { CollectionSummary } from '@printmarket/shared/types';
import type { QueryClient } from '@tanstack/react-query';

/**
 * After a collection changed: everything that shows collections or a design's collection is asked
 * again (the creator's collections, a person's collections, design pages, the pickers' design
 * lists). Collection pages themselves are updated from the answer, see storeCollection.
 */
export function refreshAroundCollections(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    queryKey: ['collections'],
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
  void queryClient.invalidateQueries({ queryKey: ['designs'] });
}

/** Puts the server's answer of a change on the collection's page, then refreshes the rest. */
export function storeCollection(queryClient: QueryClient, collection: CollectionSummary): void {
  queryClient.setQueriesData<CollectionSummary>(
    { queryKey: ['collections', 'detail', collection.id] },
    () => collection,
  );
  refreshAroundCollections(queryClient);
}

/** Changes one field of the cached collection (the cover, whose call answers only its address). */
export function patchStoredCollection(
  queryClient: QueryClient,
  id: string,
  change: Partial<CollectionSummary>,
): void {
  queryClient.setQueriesData<CollectionSummary>({ queryKey: ['collections', 'detail', id] }, (old) =>
    old ? { ...old, ...change } : old,
  );
  refreshAroundCollections(queryClient);
}

/** Forgets a deleted collection, so Back never shows it from the cache. */
export function forgetCollection(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: ['collections', 'detail', id] });
  refreshAroundCollections(queryClient);
}
