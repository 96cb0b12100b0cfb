import { useTranslation } from 'react-i18next';

/** Group management (organisation info); the group editor comes with its own issue. */
export function GroupsRoute() {
  const { t } = useTranslation();
  return <h1>{t('groups.title')}</h1>;
}
