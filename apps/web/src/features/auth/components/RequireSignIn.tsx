import { Navigate, Outlet } from 'react-router';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';

/**
 * The sign-in guard: a layout route whose child routes need a signed-in person. A signed-out visitor
 * goes to /signin (and nothing else is remembered). While the session is still being restored the
 * frame shows the full-screen loader, so there is nothing to decide yet.
 */
export function RequireSignIn() {
  const { status } = useSession();
  if (status === 'signed-out') return <Navigate to={paths.signIn()} replace />;
  if (status === 'loading') return null;
  return <Outlet />;
}
