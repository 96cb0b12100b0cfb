import { useTranslation } from 'react-i18next';

/** The plain page for a link the server does not know: nothing about any request is shown. */
export function LinkInvalid() {
  const { t } = useTranslation();
  return (
    <div className="signing-page" data-testid="signing-link-invalid">
      <h1>{t('signing.linkInvalid.title')}</h1>
      <p>{t('signing.linkInvalid.text')}</p>
    </div>
  );
}
