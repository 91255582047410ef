import { MSG } from '@printmarket/shared/messages';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { StatusPage } from '@/components/ui/StatusPage.tsx';
import { paths } from '@/lib/paths.ts';
import button from '@/styles/button.module.css';
import NotFoundPage from './NotFoundPage.tsx';

/**
 * Shown inside the frame when a screen fails to render or its code fails to load (typically after
 * a new version was deployed while the page was open; reloading fetches the new files).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <StatusPage
      title={MSG.somethingWrong}
      actions={
        <>
          <button
            type="button"
            className={`${button.base} ${button.primary} ${button.large}`}
            onClick={() => window.location.reload()}
          >
            Reload the page
          </button>
          <Link to={paths.home()} className={`${button.base} ${button.secondary} ${button.large}`}>
            Go to the home page
          </Link>
        </>
      }
    >
      <p>This page could not be shown. Reloading usually helps; if it keeps happening, please report it.</p>
    </StatusPage>
  );
}
