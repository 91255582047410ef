import { Link } from 'react-router';
import styles from './Pagination.module.css';
import { paginationItems } from './pagination-items.ts';

type PaginationProps = {
  page: number;
  totalPages: number;
  /** The address of a page. Pages are real links, so they can be opened in a new tab or shared. */
  hrefForPage: (page: number) => string;
  /** Called when a page link is followed, e.g. to scroll back to the top of the list. */
  onNavigate?: (page: number) => void;
  /** Names the navigation landmark; give each pager its own name when a screen has two. */
  label?: string;
};

/** Previous, first, neighbours, last and Next, with ellipses; nothing at all for a single page. */
export function Pagination({
  page,
  totalPages,
  hrefForPage,
  onNavigate,
  label = 'Pagination',
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(page, 1), totalPages);
  const linkProps = (target: number) => ({
    to: hrefForPage(target),
    onClick: () => onNavigate?.(target),
  });

  return (
    <nav className={styles.pagination} aria-label={label}>
      {current > 1 ? (
        <Link className={`${styles.step} ${styles.previous}`} rel="prev" {...linkProps(current - 1)}>
          Previous
        </Link>
      ) : (
        // Still shown at the ends, so Previous and Next never shift around; just not a link.
        <span className={`${styles.step} ${styles.previous}`} aria-disabled="true">
          Previous
        </span>
      )}

      <ol className={styles.pages}>
        {paginationItems(current, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Link
                className={`${styles.page} ${item === current ? styles.current : ''}`}
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                {...linkProps(item)}
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ),
        )}
      </ol>

      {current < totalPages ? (
        <Link className={`${styles.step} ${styles.next}`} rel="next" {...linkProps(current + 1)}>
          Next
        </Link>
      ) : (
        <span className={`${styles.step} ${styles.next}`} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
