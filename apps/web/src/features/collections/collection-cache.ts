import type { CollectionSummary } from '@printmarket/shared/types';
import { partialMatchKey, type QueryClient } from '@tanstack/react-query';
import { collectionKeys } from '@/features/collections/api/keys.ts';
import { rootKeys } from '@/lib/query-keys.ts';

/**
 * After a collection changed: everything that shows collections or a design's collection is asked
 * again (the creator's collections, a person's collections, design pages, the pickers' design
 * lists). Collection pages themselves are updated from the answer, see storeCollection.
 */
export function refreshAroundCollections(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    queryKey: collectionKeys.all,
    predicate: (query) => !partialMatchKey(query.queryKey, collectionKeys.details),
  });
  void queryClient.invalidateQueries({ queryKey: rootKeys.designs });
}

/** Puts the server's answer of a change on the collection's page, then refreshes the rest. */
export function storeCollection(queryClient: QueryClient, collection: CollectionSummary): void {
  queryClient.setQueriesData<CollectionSummary>(
    { queryKey: collectionKeys.detailForAnyViewer(collection.id) },
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
  queryClient.setQueriesData<CollectionSummary>({ queryKey: collectionKeys.detailForAnyViewer(id) }, (old) =>
    old ? { ...old, ...change } : old,
  );
  refreshAroundCollections(queryClient);
}

/** Forgets a deleted collection, so Back never shows it from the cache. */
export function forgetCollection(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: collectionKeys.detailForAnyViewer(id) });
  refreshAroundCollections(queryClient);
}
