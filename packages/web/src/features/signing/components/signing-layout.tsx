import { publicAssets } from '@esign/contract';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../../components/layout/footer.tsx';
import '../../../components/layout/layout.css';
import { mainContentId, SkipLink } from '../../../components/layout/skip-link.tsx';
import { useCommonConfig } from '../../../lib/common-config.ts';
import { SigningLanguageSwitcher } from './signing-language-switcher.tsx';
import './signing.css';

/**
 * A lean frame for signers, who are not portal users: the portal's look, but no portal
 * navigation or login, and a language switcher of its own.
 */
export function SigningLayout() {
  const { t } = useTranslation();
  const { PublicUrl } = useCommonConfig();

  return (
    <div className="app-shell">
      <SkipLink />
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
          <span className="app-header__title">{t('frontpage.title')}</span>
          <div className="app-header__end">
            <SigningLanguageSwitcher />
          </div>
        </div>
      </header>
      <main id={mainContentId} tabIndex={-1} className="app-main container">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
