import { CARD_ROTATION_MS_HOME } from '@printmarket/shared/constants';
import { SEARCH_MSG, type SearchResponse } from '@printmarket/shared/search';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import button from '../../../app/styles/button.module.css';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { DesignCard } from '../../designs/components/DesignCard.tsx';
import { DesignCardSkeleton } from '../../designs/components/DesignCardSkeleton.tsx';
import { searchQueryOptions, useSearch } from '../api/search.ts';
import { SearchFilters } from '../components/SearchFilters.tsx';
import { UserCard } from '../components/UserCard.tsx';
import { parseSearchParams, type SearchParams, searchHref } from '../search-params.ts';
import styles from './SearchPage.module.css';

/** Cards in the first row on the widest layout; their pictures load first. */
const FIRST_ROW = 4;

/**
 * Search results (spec section 2): people whose name matches, then designs by relevance, with
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
        <title>Search · PrintMarket</title>
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
      <title>{`${query} · Search · PrintMarket`}</title>
      <header className={styles.header}>
        <h1 id="search-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
          Search Results for "{query}"
        </h1>
        <SearchFilters params={params} onChange={showSearch} />
      </header>

      <div className={styles.results}>
        {/* Floats over the results, so the page does not jump while another page loads. */}
        <div className={styles.status} role="status">
          {(search.isPending || (isPlaceholderData && search.isFetching)) && 'Loading...'}
        </div>

        {search.isPending && (
          <ul className={styles.grid} aria-hidden="true">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
              <li key={i}>
                <DesignCardSkeleton />
              </li>
            ))}
          </ul>
        )}

        {search.isError && (
          <div className={styles.error} role="alert">
            <p>Error: {SEARCH_MSG.failed}</p>
            {/* The server's reason, when the search itself was refused (e.g. a far too long text). */}
            {search.error instanceof ApiError &&
              search.error.status === 400 &&
              search.error.serverMessage && <p>{search.error.serverMessage}</p>}
            <button
              type="button"
              className={`${button.base} ${button.secondary}`}
              disabled={search.isFetching}
              onClick={() => search.refetch()}
            >
              {search.isFetching ? 'Trying again...' : 'Try again'}
            </button>
          </div>
        )}

        {empty && !search.isError && <p className={styles.empty}>{SEARCH_MSG.noResults}</p>}

        {data && !search.isError && !empty && (
          <div className={isPlaceholderData ? styles.stale : undefined} aria-busy={isPlaceholderData}>
            {page === 1 && data.users.length > 0 && (
              <section className={styles.section} aria-labelledby="search-users-heading">
                <h2 id="search-users-heading" className={styles.sectionHeading}>
                  Users
                </h2>
                <ul className={styles.users}>
                  {data.users.map((user) => (
                    <li key={user._id}>
                      <UserCard user={user} />
                    </li>
                  ))}
                </ul>
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
                <p className={styles.empty}>{SEARCH_MSG.noResults}</p>
              ) : (
                <ul className={styles.grid}>
                  {data.designs.map((design, i) => (
                    <li key={design._id}>
                      <DesignCard
                        design={design}
                        rotationMs={CARD_ROTATION_MS_HOME}
                        headingLevel="h3"
                        priority={i < FIRST_ROW}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </div>

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

function countText(data: SearchResponse): string {
  const designs = `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'design' : 'designs'}`;
  const found = data.capped
    ? `More than ${designs} match; showing the best ${data.total}.`
    : `${designs} found.`;
  return data.approximate ? `${found} Includes similar spellings.` : found;
}
