import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import './layout.css';
import { mainContentId, SkipLink } from './skip-link.tsx';

/** The page frame of every screen: skip link, header, main, footer. */
export function AppLayout() {
  const { t, i18n } = useTranslation();

  useEffect(() => {
    document.title = t('frontpage.title');
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', t('frontpage.description'));
  }, [t, i18n.language]);

  return (
    <div className="app-shell">
      <SkipLink />
      <Header />
      <main id={mainContentId} tabIndex={-1} className="app-main container">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
