import { DayPicker } from '@daypicker/react';
import { enGB, fi, sv } from '@daypicker/react/locale';
import '@daypicker/react/style.css';
import './date-input-calendar.css';
import type { Language } from '@esign/contract';
import { localDateOf } from './local-date.ts';

const calendarLocales = { fi, sv, en: enGB } as const;

interface DateInputCalendarProps {
  language: Language;
  /** The date the field holds (YYYY-MM-DD), shown selected and opened on. */
  selected: string | undefined;
  onPick: (day: Date | undefined) => void;
  startMonth?: Date;
  endMonth?: Date;
  min?: string;
  max?: string;
}

/** The month calendar of a DateInput, in its own chunk: it loads when the person opens it. */
export default function DateInputCalendar({
  language,
  selected,
  onPick,
  startMonth,
  endMonth,
  min,
  max,
}: DateInputCalendarProps) {
  const day = selected === undefined ? undefined : localDateOf(selected);
  return (
    <DayPicker
      mode="single"
      locale={calendarLocales[language]}
      selected={day}
      defaultMonth={day}
      onSelect={onPick}
      captionLayout="dropdown"
      startMonth={startMonth ?? (min === undefined ? undefined : localDateOf(min))}
      endMonth={endMonth ?? (max === undefined ? undefined : localDateOf(max))}
      disabled={[
        ...(min === undefined ? [] : [{ before: localDateOf(min) }]),
        ...(max === undefined ? [] : [{ after: localDateOf(max) }]),
      ]}
      autoFocus
    />
  );
}
