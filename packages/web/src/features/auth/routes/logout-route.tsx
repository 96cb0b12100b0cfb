import { useTranslation } from 'react-i18next';
import { externalLoginUrl } from '../../../lib/auth-urls.ts';

/** Where the external logout returns to. */
export function LogoutRoute() {
  const { t } = useTranslation();

  return (
    <>
      <h1>{t('login.loggedOutTitle')}</h1>
      <p role="status">{t('login.loggedOut')}</p>
      <a className="btn btn-primary" href={externalLoginUrl()} data-testid="login-link">
        {t('login.loginAgain')}
      </a>
    </>
  );
}
