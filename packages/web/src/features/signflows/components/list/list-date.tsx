import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../../lib/common-config.ts';
import { formatCalendarDate } from '../../../../lib/dates.ts';
import { formatListDate } from '../../utils/format-list-date.ts';

interface ListDateProps {
  value: string | null;
  /** The table shows the day, its time on hover and to screen readers; a card shows both. */
  withTime: boolean;
}

/** A calendar date (the deadline): the day alone, with no time to show. */
const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** One of a flow's dates in the user's language; nothing for a date the flow does not have. */
export function ListDate({ value, withTime }: ListDateProps) {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  if (value !== null && calendarDate.test(value))
    return <time dateTime={value}>{formatCalendarDate(value, i18n.language)}</time>;
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
