import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * `/signed/:token` as the web app sees it: the server answers a working link with the signed
 * document itself, so the app is shown only for a link that no longer works (past its time,
 * its flow deleted, or never valid). Nothing about any request is shown.
 */
export function SignedCopyGoneRoute() {
  const { t } = useTranslation();
  const title = t('signing.signedCopyGone.title');

  useEffect(() => {
    document.title = `${title} – ${t('signing.pageTitle')}`;
  }, [t, title]);

  return (
    <div className="signing-page" data-testid="signed-copy-gone">
      <h1>{title}</h1>
      <p>{t('signing.signedCopyGone.text')}</p>
    </div>
  );
}
