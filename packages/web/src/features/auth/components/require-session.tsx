import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * Guards the routes below it (SPEC §2): without a session, or without admin rights where
 * `admin` is set, the user goes to the login page, which brings them back afterwards.
 */
export function RequireSession({ admin = false }: { admin?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session === null || (admin && !session.IsAdmin)) {
    return <Navigate replace to={paths.login.getHref(location.pathname + location.search)} />;
  }
  return <Outlet />;
}
