import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { externalLoginUrl } from '../../../lib/auth-urls.ts';
import { useSession } from '../../../lib/session.ts';
import { FrontpageIntro } from '../components/frontpage-intro.tsx';

export function FrontpageRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const buttonClass = 'btn btn-primary btn-lg';

  return (
    <>
      <h1>{t('frontpage.title')}</h1>
      <FrontpageIntro />
      <p className="mt-4">
        {session === null ? (
          <a className={buttonClass} href={externalLoginUrl(paths.home.getHref())}>
            {t('frontpage.button')}
          </a>
        ) : (
          <Link className={buttonClass} to={paths.home.getHref()}>
            {t('frontpage.button')}
          </Link>
        )}
      </p>
    </>
  );
}
