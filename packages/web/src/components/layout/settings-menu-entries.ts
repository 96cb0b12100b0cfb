import type { CommonConfig } from '@esign/contract';
import { paths } from '../../config/paths.ts';

/** A page of the gear menu; the menu ends with the logout button, which is no page. */
export interface SettingsMenuEntry {
  label:
    | 'nav.organisationInfo'
    | 'nav.settings'
    | 'nav.reports'
    | 'nav.personalReports'
    | 'nav.accounts';
  href: string;
}

type MenuSwitches = Pick<
  CommonConfig,
  'GroupManagementEnabled' | 'IsFrontpageInfoEditable' | 'BuiltInLogin'
>;

/**
 * The administrator's gear menu (SPEC §2): two entries follow the config's feature switches,
 * and the user accounts appear while the built-in login is the portal's.
 */
export function settingsMenuEntries(switches: MenuSwitches): SettingsMenuEntry[] {
  const page = (label: SettingsMenuEntry['label'], href: string) => ({ label, href });
  return [
    ...(switches.GroupManagementEnabled
      ? [page('nav.organisationInfo', paths.groups.getHref())]
      : []),
    ...(switches.IsFrontpageInfoEditable ? [page('nav.settings', paths.settings.getHref())] : []),
    page('nav.reports', paths.reports.getHref()),
    page('nav.personalReports', paths.personalReports.getHref()),
    ...(switches.BuiltInLogin ? [page('nav.accounts', paths.accounts.getHref())] : []),
  ];
}
