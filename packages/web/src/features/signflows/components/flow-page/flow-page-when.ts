import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../../lib/common-config.ts';
import { formatDateTime } from '../../../../lib/dates.ts';

/** A moment as the flow page shows it: date and time in the user's language and TIME_ZONE. */
export function useFormatWhen(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  return (iso) => (iso ? formatDateTime(iso, i18n.language, timeZone) : '');
}
