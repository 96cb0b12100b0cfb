import { useTranslation } from 'react-i18next';

/** Personal-details queries exported as CSV; the query forms come with their own issue. */
export function PersonalReportsRoute() {
  const { t } = useTranslation();
  return <h1>{t('reports.personal.title')}</h1>;
}
