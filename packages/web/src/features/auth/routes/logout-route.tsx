import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { externalLoginUrl } from '../../../lib/auth-urls.ts';
import { useLogout } from '../../../lib/logout.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * With a session: the page the logout address shows, whose button logs out (a GET there
 * changes nothing, so a link from another site cannot log anyone out). Without one: where
 * the logout returns to.
 */
export function LogoutRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const logout = useLogout();

  if (session === null)
    return (
      <>
        <h1>{t('login.loggedOutTitle')}</h1>
        <p role="status">{t('login.loggedOut')}</p>
        <a className="btn btn-primary" href={externalLoginUrl()} data-testid="login-link">
          {t('login.loginAgain')}
        </a>
      </>
    );

  const handleLogout = () => {
    if (!logout.isPending) logout.mutate();
  };

  return (
    <>
      <h1>{t('login.logoutTitle')}</h1>
      {(logout.isError || searchParams.get('failed') !== null) && (
        <Alert variant="danger" data-testid="logout-failed">
          {t('login.logoutFailed')}
        </Alert>
      )}
      <p>{t('login.logoutPrompt')}</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={handleLogout}
        data-testid="logout-button"
      >
        {t('nav.logout')}
      </button>
    </>
  );
}
