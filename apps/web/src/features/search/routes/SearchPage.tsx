import { CARD_ROTATION_MS_HOME } from '@printmarket/shared/constants';
import { SEARCH_MSG } from '@printmarket/shared/search';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DesignCardGrid, DesignCardGridSkeleton } from '@/components/design-cards/DesignCardGrid.tsx';
import { CardGrid } from '@/components/ui/CardGrid.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { Pagination } from '@/components/ui/Pagination.tsx';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import { StatusOverlay } from '@/components/ui/StatusOverlay.tsx';
import { searchQueryOptions, useSearch } from '@/features/search/api/search.ts';
import { SearchFilters } from '@/features/search/components/SearchFilters.tsx';
import { UserCard } from '@/features/search/components/UserCard.tsx';
import { countText } from '@/features/search/count-text.ts';
import { parseSearchParams, type SearchParams, searchHref } from '@/features/search/search-params.ts';
import { ApiError } from '@/lib/api-client.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import styles from './SearchPage.module.css';

/**
 * Search results (docs/product.md#search-results): people whose name matches, then designs by relevance, with
 * filters and pages kept in the address.
 */
export default function SearchPage() {
  const [searchParams] = useSearchParams();
  const params = parseSearchParams(searchParams);
  const { query, page, category, price, tag } = params;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const search = useSearch(params);
  const { data, isPlaceholderData } = search;

  // A page past the end (an old link, or fewer results now) jumps to the last page that exists.
  const totalPages = data && !isPlaceholderData ? data.totalPages : undefined;
  useEffect(() => {
    if (totalPages !== undefined && totalPages >= 1 && page > totalPages) {
      navigate(searchHref({ query, category, price, tag, page: totalPages }), { replace: true });
    }
  }, [totalPages, page, query, category, price, tag, navigate]);

  // Fetch the next page in the background, so "Next" usually shows its cards at once.
  useEffect(() => {
    if (totalPages !== undefined && page < totalPages) {
      void queryClient.prefetchQuery(searchQueryOptions({ query, category, price, tag, page: page + 1 }));
    }
  }, [totalPages, page, query, category, price, tag, queryClient]);

  const showNewResults = () => {
    window.scrollTo(0, 0);
    // Keyboard and screen-reader users continue from the top of the new results.
    headingRef.current?.focus({ preventScroll: true });
  };
  const showSearch = (next: SearchParams) => navigate(searchHref(next));

  if (query === '') {
    return (
      <section className={styles.page} aria-labelledby="search-heading">
        <PageTitle>Search · PrintMarket</PageTitle>
        <h1 id="search-heading" className={styles.heading}>
          Search
        </h1>
        <p className={styles.hint}>Type what you are looking for in the search bar at the top.</p>
      </section>
    );
  }

  const empty = data && !isPlaceholderData && data.designs.length === 0 && data.users.length === 0;
  return (
    <section className={styles.page} aria-labelledby="search-heading">
      <PageTitle>{`${query} · Search · PrintMarket`}</PageTitle>
      <header className={styles.header}>
        <h1 id="search-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
          Search Results for "{query}"
        </h1>
        <SearchFilters params={params} onChange={showSearch} />
      </header>

      {/* The status floats over the results, so the page does not jump while another page loads. */}
      <StatusOverlay
        className={styles.results}
        status={(search.isPending || (isPlaceholderData && search.isFetching)) && 'Loading...'}
      >
        {search.isPending && <DesignCardGridSkeleton count={8} />}

        {search.isError && (
          <RetryAlert retrying={search.isFetching} onRetry={() => search.refetch()}>
            <p>Error: {SEARCH_MSG.failed}</p>
            {/* The server's reason, when the search itself was refused (e.g. a far too long text). */}
            {search.error instanceof ApiError &&
              search.error.status === 400 &&
              search.error.serverMessage && <p>{search.error.serverMessage}</p>}
          </RetryAlert>
        )}

        {empty && !search.isError && <EmptyState>{SEARCH_MSG.noResults}</EmptyState>}

        {data && !search.isError && !empty && (
          <div className={isPlaceholderData ? styles.stale : undefined} aria-busy={isPlaceholderData}>
            {page === 1 && data.users.length > 0 && (
              <section className={styles.section} aria-labelledby="search-users-heading">
                <h2 id="search-users-heading" className={styles.sectionHeading}>
                  Users
                </h2>
                <CardGrid>
                  {data.users.map((user) => (
                    <li key={user._id}>
                      <UserCard user={user} />
                    </li>
                  ))}
                </CardGrid>
              </section>
            )}
            <section className={styles.section} aria-labelledby="search-designs-heading">
              <div className={styles.sectionHeader}>
                <h2 id="search-designs-heading" className={styles.sectionHeading}>
                  Designs
                </h2>
                <p className={styles.count}>{countText(data)}</p>
              </div>
              {data.designs.length === 0 ? (
                <EmptyState>{SEARCH_MSG.noResults}</EmptyState>
              ) : (
                <DesignCardGrid designs={data.designs} rotationMs={CARD_ROTATION_MS_HOME} priorityFirst />
              )}
            </section>
          </div>
        )}
      </StatusOverlay>

      {data && !search.isError && (
        <Pagination
          page={page}
          totalPages={data.totalPages}
          hrefForPage={(target) => searchHref({ ...params, page: target })}
          onNavigate={showNewResults}
        />
      )}
    </section>
  );
}
