import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, type Location } from 'react-router';
import { paths } from '../../config/paths.ts';
import { externalLoginUrl } from '../../lib/auth-urls.ts';
import { useSession } from '../../lib/session.ts';
import { useCommonConfig } from '../../lib/common-config.ts';
import { BoltIcon, KeyIcon, LoginIcon, PenIcon, PersonIcon } from '../icons.tsx';
import { LogoutButton } from './logout-button.tsx';

/**
 * The gear menu is an administrator's only: its code (the dropdown and Popper, which places
 * it) loads when an administrator is signed in, not on every first load.
 */
const SettingsMenu = lazy(async () => ({
  default: (await import('./settings-menu.tsx')).SettingsMenu,
}));

/** Where login should bring the user back to: the login page's own target, else this page. */
function returnPathAfterLogin(location: Location): string {
  if (location.pathname === paths.login.path)
    return new URLSearchParams(location.search).get('r') ?? paths.home.getHref();
  if (location.pathname === paths.logout.path || location.pathname.startsWith('/idp-login/'))
    return paths.home.getHref();
  return location.pathname + location.search;
}

/** Main navigation; on small screens the entries shrink to icons, their names stay for assistive tech. */
export function SiteNav() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const { BuiltInLogin } = useCommonConfig();

  return (
    <nav aria-label={t('nav.mainNavigation')}>
      <ul className="site-nav list-unstyled d-flex align-items-center gap-3 mb-0">
        {session === null ? (
          <li>
            <a className="site-nav__link" href={externalLoginUrl(returnPathAfterLogin(location))}>
              <LoginIcon className="site-nav__icon" />
              <span className="site-nav__label">{t('nav.login')}</span>
            </a>
          </li>
        ) : (
          <>
            <li>
              <NavLink className="site-nav__link" to={paths.home.getHref()} end>
                <PenIcon className="site-nav__icon" />
                <span className="site-nav__label">{t('nav.eSign')}</span>
              </NavLink>
            </li>
            {BuiltInLogin && (
              <li>
                <NavLink className="site-nav__link" to={paths.account.getHref()}>
                  <PersonIcon className="site-nav__icon" />
                  <span className="site-nav__label">{t('nav.account')}</span>
                </NavLink>
              </li>
            )}
            <li>
              <NavLink className="site-nav__link" to={paths.apiAccess.getHref()}>
                <KeyIcon className="site-nav__icon" />
                <span className="site-nav__label">{t('nav.apiAccess')}</span>
              </NavLink>
            </li>
            <li>
              <NavLink className="site-nav__link" to={paths.webhooks.getHref()}>
                <BoltIcon className="site-nav__icon" />
                <span className="site-nav__label">{t('nav.webhooks')}</span>
              </NavLink>
            </li>
            {session.IsAdmin && (
              <li>
                <Suspense fallback={<span className="site-nav__menu-placeholder" />}>
                  <SettingsMenu />
                </Suspense>
              </li>
            )}
            <li className={session.IsAdmin ? 'd-md-none' : undefined}>
              <LogoutButton />
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
