import { Link } from 'react-router';
import { StatusPage } from '@/components/ui/StatusPage.tsx';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import button from '@/styles/button.module.css';

export default function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      actions={
        <Link to={paths.home()} className={`${button.base} ${button.primary} ${button.large}`}>
          Go to the home page
        </Link>
      }
    >
      <PageTitle>Page not found · PrintMarket</PageTitle>
      <p>The address may be mistyped, or the page may have moved or been removed.</p>
    </StatusPage>
  );
}
