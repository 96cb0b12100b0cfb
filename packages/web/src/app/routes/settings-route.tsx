import { useTranslation } from 'react-i18next';
import { GroupManagement } from '../../features/groups/components/group-management.tsx';
import { FrontpageInfoEditor } from '../../features/settings/components/frontpage-info-editor.tsx';
import { useCommonConfig } from '../../lib/common-config.ts';

/**
 * Settings (/settings): the organisation's groups and the front-page intro text. SPEC §2 puts
 * the groups here as well as on /groups, so this page is composed from two features.
 */
export function SettingsRoute() {
  const { t } = useTranslation();
  const { GroupManagementEnabled } = useCommonConfig();
  return (
    <>
      <h1>{t('settings.title')}</h1>
      {GroupManagementEnabled && <GroupManagement />}
      <FrontpageInfoEditor />
    </>
  );
}
