import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';

/** A signed-in user on an administrator's page: told so, not sent to log in again. */
function NoAccess() {
  const { t } = useTranslation();
  return (
    <div data-testid="no-access">
      <h1>{t('noAccess.title')}</h1>
      <p>{t('noAccess.text')}</p>
      <Link to={paths.home.getHref()}>{t('noAccess.home')}</Link>
    </div>
  );
}

/**
 * Guards the routes below it (SPEC §2): without a session the user goes to the login page,
 * which brings them back afterwards; a signed-in user without admin rights where `admin` is
 * set is told the page is for administrators.
 */
export function RequireSession({ admin = false }: { admin?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session === null)
    return <Navigate replace to={paths.login.getHref(location.pathname + location.search)} />;
  if (admin && !session.IsAdmin) return <NoAccess />;
  return <Outlet />;
}
