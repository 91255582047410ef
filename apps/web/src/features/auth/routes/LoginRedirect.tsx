import { Navigate, useLocation } from 'react-router';
import { paths } from '@/lib/paths.ts';

/** `/login` is an old name of the sign-in screen; a notice passed along (e.g. a failed Google sign-in) survives. */
export function LoginRedirect() {
  const location = useLocation();
  return <Navigate to={paths.signIn()} replace state={location.state} />;
}
