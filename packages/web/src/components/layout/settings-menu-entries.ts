import type { CommonConfig } from '@esign/contract';
import { paths } from '../../config/paths.ts';
import { externalLogoutUrl } from '../../lib/auth-urls.ts';

export interface SettingsMenuEntry {
  label:
    'nav.organisationInfo' | 'nav.settings' | 'nav.reports' | 'nav.personalReports' | 'nav.logout';
  href: string;
  /** An address outside the app, left by a full page load rather than the router. */
  external: boolean;
}

type MenuSwitches = Pick<CommonConfig, 'GroupManagementEnabled' | 'IsFrontpageInfoEditable'>;

/** The administrator's gear menu (SPEC §2): two entries follow the config's feature switches. */
export function settingsMenuEntries(switches: MenuSwitches): SettingsMenuEntry[] {
  const page = (label: SettingsMenuEntry['label'], href: string) => ({
    label,
    href,
    external: false,
  });
  return [
    ...(switches.GroupManagementEnabled
      ? [page('nav.organisationInfo', paths.groups.getHref())]
      : []),
    ...(switches.IsFrontpageInfoEditable ? [page('nav.settings', paths.settings.getHref())] : []),
    page('nav.reports', paths.reports.getHref()),
    page('nav.personalReports', paths.personalReports.getHref()),
    { label: 'nav.logout', href: externalLogoutUrl, external: true },
  ];
}
