import { useTranslation } from 'react-i18next';

/** Signing and authentication reports; the report forms come with their own issue. */
export function ReportsRoute() {
  const { t } = useTranslation();
  return <h1>{t('reports.title')}</h1>;
}
