import { useTranslation } from 'react-i18next';
import { useCommonConfig } from '../../../lib/common-config.ts';
// SPEC §2 puts the groups on this screen too: the one set of group components serves both.
import { GroupManagement } from '../../groups/components/group-management.tsx';
import { FrontpageInfoEditor } from '../components/frontpage-info-editor.tsx';

/** Settings (/settings): the organisation's groups and the front-page intro text. */
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
