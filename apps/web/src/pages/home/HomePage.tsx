import { CARD_ROTATION_MS_HOME, DESIGN_SORTS, type DesignSort } from '@printmarket/shared/constants';
import { MSG } from '@printmarket/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DesignCardGrid, DesignCardGridSkeleton } from '@/components/design-cards/DesignCardGrid.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { Pagination } from '@/components/ui/Pagination.tsx';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import { SortSelect } from '@/components/ui/SortSelect.tsx';
import { StatusOverlay } from '@/components/ui/StatusOverlay.tsx';
import { readNotice } from '@/features/auth/notice.ts';
import { designListQueryOptions, useDesignList } from '@/features/designs/api/list-designs.ts';
import { parseHomeParams } from '@/features/designs/home-params.ts';
import { SORT_OPTIONS } from '@/features/designs/sort-options.ts';
import { usePreferences } from '@/features/preferences/api/preferences.ts';
import { listingHref, listingSort } from '@/features/preferences/home-sort.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import styles from './HomePage.module.css';

/** Home (docs/product.md#home): every design, newest, most viewed or most downloaded first, 12 a page. */
export default function HomePage() {
  const [searchParams] = useSearchParams();
  const { page } = parseHomeParams(searchParams);
  // Without an order in the address, the person's default from Settings > Preferences applies.
  const { homeSort: preferredSort } = usePreferences();
  const sort = listingSort(searchParams.get('sort'), preferredSort);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const notice = useArrivalNotice();
  const list = useDesignList({ sort, page });
  const { data, isPlaceholderData } = list;

  // A page past the end (an old link, or designs were removed) jumps to the last page that exists.
  const totalPages = data && !isPlaceholderData ? data.totalPages : undefined;
  useEffect(() => {
    if (totalPages !== undefined && totalPages >= 1 && page > totalPages) {
      navigate(listingHref({ sort, page: totalPages }, preferredSort), { replace: true });
    }
  }, [totalPages, page, sort, preferredSort, navigate]);

  // Fetch the next page in the background, so "Next" usually shows its cards at once.
  useEffect(() => {
    if (totalPages !== undefined && page < totalPages) {
      void queryClient.prefetchQuery(designListQueryOptions({ sort, page: page + 1 }));
    }
  }, [totalPages, page, sort, queryClient]);

  const showPage = () => {
    // Straight to the top: a smooth scroll past twelve cards takes long and moves a lot on screen.
    window.scrollTo(0, 0);
    // Keyboard and screen-reader users continue from the top of the new page, not the pager.
    headingRef.current?.focus({ preventScroll: true });
  };

  const changeSort = (next: DesignSort) => {
    // A new order starts again from its first page.
    navigate(listingHref({ sort: next, page: 1 }, preferredSort));
  };

  return (
    <section className={styles.page} aria-labelledby="home-heading">
      <PageTitle>PrintMarket · 3D-printable designs</PageTitle>
      {notice && (
        <div className={styles.notice}>
          {/* The screen the person was on is gone: the focus starts at what it says. */}
          <FormAlert tone="success" takeFocus>
            {notice}
          </FormAlert>
        </div>
      )}
      <header className={styles.header}>
        <h1 id="home-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
          {SORT_OPTIONS[sort].heading}
        </h1>
        <SortSelect
          label="Sort designs"
          value={sort}
          options={DESIGN_SORTS.map((value) => ({ value, label: SORT_OPTIONS[value].label }))}
          onChange={changeSort}
        />
      </header>

      {/* The status floats over the cards, so the grid does not jump down while a page loads. */}
      <StatusOverlay
        className={styles.listing}
        status={
          <>
            {list.isPending && 'Loading...'}
            {isPlaceholderData && list.isFetching && 'Loading more designs...'}
          </>
        }
      >
        {list.isPending && <DesignCardGridSkeleton count={8} />}

        {list.isError && (
          <RetryAlert retrying={list.isFetching} onRetry={() => list.refetch()}>
            <p>Error: {errorMessage(list.error, MSG.failedFetchDesigns)}</p>
          </RetryAlert>
        )}

        {data && !list.isError && data.designs.length === 0 && !isPlaceholderData && (
          <EmptyState>{MSG.noModelsFound}</EmptyState>
        )}

        {data && !list.isError && data.designs.length > 0 && (
          <DesignCardGrid
            designs={data.designs}
            rotationMs={CARD_ROTATION_MS_HOME}
            headingLevel="h2"
            priorityFirst
            stale={isPlaceholderData}
          />
        )}
      </StatusOverlay>

      {data && !list.isError && (
        <Pagination
          page={page}
          totalPages={data.totalPages}
          hrefForPage={(target) => listingHref({ sort, page: target }, preferredSort)}
          onNavigate={showPage}
        />
      )}
    </section>
  );
}

/**
 * The message the previous screen passed along (Settings after deleting the account). Shown on this
 * visit only: it is taken out of the history entry, so a reload does not show it again.
 */
function useArrivalNotice(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => readNotice(location.state));
  useEffect(() => {
    if (readNotice(location.state))
      navigate(location.pathname + location.search, { replace: true, state: null });
  }, [location, navigate]);
  return notice;
}
