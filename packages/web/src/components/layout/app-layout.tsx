import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { UnsavedChangesGuard } from '../unsaved-changes/unsaved-changes-guard.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { usePageTitle } from './page-title.ts';
import './layout.css';
import { mainContentId, SkipLink } from './skip-link.tsx';

/** The page frame of every screen: skip link, header, main, footer. */
export function AppLayout() {
  usePageTitle();
  const { t, i18n } = useTranslation();

  useEffect(() => {
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', t('frontpage.description'));
  }, [t, i18n.language]);

  return (
    <UnsavedChangesGuard>
      <div className="app-shell">
        <SkipLink />
        <Header />
        <main id={mainContentId} tabIndex={-1} className="app-main container">
          <Outlet />
        </main>
        <Footer />
      </div>
    </UnsavedChangesGuard>
  );
}
