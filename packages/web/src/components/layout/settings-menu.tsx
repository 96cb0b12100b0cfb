import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { externalLogoutUrl } from '../../lib/auth-urls.ts';
import { useCommonConfig } from '../../lib/common-config.ts';
import { GearIcon } from '../icons.tsx';

/** The administrator's gear menu; feature switches of the config decide two of its entries. */
export function SettingsMenu() {
  const { t } = useTranslation();
  const { GroupManagementEnabled, IsFrontpageInfoEditable } = useCommonConfig();

  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="outline-light"
        size="sm"
        id="settings-menu"
        aria-label={t('nav.settingsMenu')}
        data-testid="settings-menu"
      >
        <GearIcon />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {GroupManagementEnabled && (
          <Dropdown.Item as={Link} to={paths.groups.getHref()}>
            {t('nav.organisationInfo')}
          </Dropdown.Item>
        )}
        {IsFrontpageInfoEditable && (
          <Dropdown.Item as={Link} to={paths.settings.getHref()}>
            {t('nav.settings')}
          </Dropdown.Item>
        )}
        <Dropdown.Item as={Link} to={paths.reports.getHref()}>
          {t('nav.reports')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.personalReports.getHref()}>
          {t('nav.personalReports')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item href={externalLogoutUrl}>{t('nav.logout')}</Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
