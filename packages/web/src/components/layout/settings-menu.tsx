import { Fragment } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCommonConfig } from '../../lib/common-config.ts';
import { GearIcon } from '../icons.tsx';
import { settingsMenuEntries } from './settings-menu-entries.ts';

/** The administrator's gear menu; feature switches of the config decide two of its entries. */
export function SettingsMenu() {
  const { t } = useTranslation();
  const config = useCommonConfig();

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
        {settingsMenuEntries(config).map((entry) =>
          entry.external ? (
            <Fragment key={entry.label}>
              <Dropdown.Divider />
              <Dropdown.Item href={entry.href}>{t(entry.label)}</Dropdown.Item>
            </Fragment>
          ) : (
            <Dropdown.Item key={entry.label} as={Link} to={entry.href}>
              {t(entry.label)}
            </Dropdown.Item>
          ),
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
