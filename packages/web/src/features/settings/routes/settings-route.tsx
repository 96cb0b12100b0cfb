import { useTranslation } from 'react-i18next';

/** Settings; the front-page text editor comes with its own issue. */
export function SettingsRoute() {
  const { t } = useTranslation();
  return <h1>{t('settings.title')}</h1>;
}
