import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../../lib/common-config.ts';
import { formatListDate } from '../../utils/format-list-date.ts';

interface ListDateProps {
  value: string | null;
  /** The table shows the day, its time on hover and to screen readers; a card shows both. */
  withTime: boolean;
}

/** One of a flow's dates in the user's language; nothing for a date the flow does not have. */
export function ListDate({ value, withTime }: ListDateProps) {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const shown = formatListDate(value, i18n.language, timeZone);
  if (value === null || shown === null) return null;
  const full = `${shown.date} ${shown.time}`;
  return (
    <time dateTime={value} title={full}>
      {shown.date}
      {withTime ? ` ${shown.time}` : <span className="visually-hidden"> {shown.time}</span>}
    </time>
  );
}
