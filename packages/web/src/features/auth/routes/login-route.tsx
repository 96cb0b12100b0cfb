import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { externalLoginUrl } from '../../../lib/auth-urls.ts';

/** Shown when a page needs a session; the login brings the user back to `r` if it is on this site. */
export function LoginRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();

  return (
    <>
      <h1>{t('login.title')}</h1>
      {searchParams.get('failed') !== null && (
        <Alert variant="danger" data-testid="login-failed">
          {t('idpLogin.failed')}
        </Alert>
      )}
      <p>{t('login.requiresAuthentication')}</p>
      <a
        className="btn btn-primary"
        href={externalLoginUrl(searchParams.get('r'))}
        data-testid="login-link"
      >
        {t('login.button')}
      </a>
    </>
  );
}
