import { Link } from 'react-router';
import { paths } from '@/lib/paths.ts';
import { StatusPage } from './StatusPage.tsx';
import button from './styles/button.module.css';

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
      <title>Page not found · PrintMarket</title>
      <p>The address may be mistyped, or the page may have moved or been removed.</p>
    </StatusPage>
  );
}
