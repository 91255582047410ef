import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import button from '@/styles/button.module.css';
import styles from './LoadStatus.module.css';
import { StatusPage } from './StatusPage.tsx';

type NotFound = {
  /** The heading: the product's words ('Design not found', docs/product.md#messages). */
  title: string;
  /** The browser tab's title, before ' · PrintMarket'. */
  tabTitle: string;
  /** Why it may be missing. */
  text: ReactNode;
};

type LoadStatusProps = {
  /** Null while loading. */
  error: unknown;
  /** A 404 shows a not-found page with a way back to the designs; without this it is a failure. */
  notFound?: NotFound;
  /** What the failure says ('Error: Failed to fetch design'). */
  failure: ReactNode;
  /** The browser tab's title after a failure, before ' · PrintMarket'; else the page's stays. */
  failureTabTitle?: string;
  /** The way on after a failure: a retry or a link. */
  action?: ReactNode;
};

/**
 * What a page's address shows before its content is there (design, collection, profile):
 * 'Loading...', a not-found page for a 404, else the failure with a way on.
 */
export function LoadStatus({ error, notFound, failure, failureTabTitle, action }: LoadStatusProps) {
  if (!error) {
    return (
      <p className={styles.status} role="status">
        Loading...
      </p>
    );
  }
  if (notFound && error instanceof ApiError && error.status === 404) {
    return (
      <StatusPage
        code="404"
        title={notFound.title}
        actions={
          <Link to={paths.home()} className={`${button.base} ${button.primary} ${button.large}`}>
            Browse designs
          </Link>
        }
      >
        <PageTitle>{`${notFound.tabTitle} · PrintMarket`}</PageTitle>
        <p>{notFound.text}</p>
      </StatusPage>
    );
  }
  return (
    <div className={styles.status} role="alert">
      {failureTabTitle && <PageTitle>{`${failureTabTitle} · PrintMarket`}</PageTitle>}
      <p className={styles.failure}>{failure}</p>
      {action}
    </div>
  );
}
