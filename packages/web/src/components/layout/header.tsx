import { publicAssets } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useCommonConfig } from '../../lib/common-config.ts';
import { useSession } from '../../lib/session.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { SiteNav } from './site-nav.tsx';

export function Header() {
  const { t } = useTranslation();
  const { PublicUrl } = useCommonConfig();
  const session = useSession();

  return (
    <header className="app-header">
      <div className="container-fluid app-header__inner">
        <img
          className="app-header__logo"
          src={`${PublicUrl}/${publicAssets.logo}`}
          alt={t('header.logoAlt')}
          // The default logo's size: its place is kept while it loads, so the title does not jump.
          width={48}
          height={48}
        />
        <Link className="app-header__title" to={paths.home.getHref()} data-testid="header-title">
          {t('frontpage.title')}
        </Link>
        <div className="app-header__end">
          {session !== null && (
            <div className="app-header__user" data-testid="header-user">
              <span data-testid="header-organisation">
                {session.BIC === ''
                  ? session.OrganizationName
                  : t('header.organisation', { name: session.OrganizationName, bic: session.BIC })}
              </span>
              <span data-testid="header-display-name">{session.DisplayName}</span>
            </div>
          )}
          <SiteNav />
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
