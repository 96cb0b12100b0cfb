import { signingPaths } from '@esign/contract';
import { useTranslation } from 'react-i18next';

/**
 * Identification at the identity provider (level Advanced): a plain link, so the whole page
 * goes there and the provider brings the signer back to this page.
 */
export function StrongIdentification({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('signing.identify.strongIntro')}</p>
      <a
        className="btn btn-primary btn-lg"
        href={signingPaths.identify(token)}
        data-testid="signing-identify"
      >
        {t('signing.identify.strongButton')}
      </a>
    </>
  );
}
