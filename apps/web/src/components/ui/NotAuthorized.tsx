import { MSG } from '@printmarket/shared/messages';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';
import { StatusPage } from './StatusPage.tsx';

/**
 * What a screen shows when the API says the session is no longer good (docs/product.md#sessions: 'Not
 * authorized' with a way back to sign-in). The button forgets the dead token first, or sign-in would send the
 * person straight back here.
 */
export function NotAuthorized() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return (
    <StatusPage
      code="401"
      title={MSG.notAuthorized}
      actions={
        <button
          type="button"
          className={`${button.base} ${button.primary} ${button.large}`}
          onClick={async () => {
            await signOut();
            navigate(paths.signIn(), { replace: true });
          }}
        >
          Return to Sign In
        </button>
      }
    >
      <PageTitle>{`${MSG.notAuthorized} · PrintMarket`}</PageTitle>
      <p>Your session has ended or is no longer valid. Please sign in again.</p>
    </StatusPage>
  );
}
