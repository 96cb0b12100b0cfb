import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useCommonConfig } from '../../lib/common-config.ts';
import { useLogout } from '../../lib/logout.ts';
import { GearIcon } from '../icons.tsx';
import { settingsMenuEntries } from './settings-menu-entries.ts';

/** The administrator's gear menu; feature switches of the config decide two of its entries. */
export function SettingsMenu() {
  const { t } = useTranslation();
  const config = useCommonConfig();
  const navigate = useNavigate();
  const logout = useLogout({ onError: () => void navigate(paths.logout.getHref(true)) });

  const handleLogout = () => {
    if (!logout.isPending) logout.mutate();
  };

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
        {settingsMenuEntries(config).map((entry) => (
          <Dropdown.Item key={entry.label} as={Link} to={entry.href}>
            {t(entry.label)}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        {/* A button, not a link: logging out is a POST, which no other site can send. */}
        <Dropdown.Item as="button" type="button" onClick={handleLogout}>
          {t('nav.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
