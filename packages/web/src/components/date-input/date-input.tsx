import { DayPicker } from '@daypicker/react';
import { enGB, fi, sv } from '@daypicker/react/locale';
import '@daypicker/react/style.css';
import { languageOf } from '@esign/contract';
import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, parseCalendarDate } from '../../lib/dates.ts';
import { CalendarIcon } from '../icons.tsx';
import './date-input.css';

const calendarLocales = { fi, sv, en: enGB } as const;

interface DateInputProps {
  id: string;
  /** The date as YYYY-MM-DD, or the text typed when it is no date (so the form can refuse it). */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  isInvalid?: boolean;
  /** The ids of messages about the field (errors), read after the format hint. */
  describedBy?: string;
  /** The earliest and latest months the calendar offers in its month and year lists. */
  startMonth?: Date;
  endMonth?: Date;
  /** The earliest and latest dates (YYYY-MM-DD) the calendar lets the person pick. */
  min?: string;
  max?: string;
}

const localDateOf = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
};

const isoOfLocal = (date: Date) =>
  [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');

/**
 * A date field written and read in the chosen language, whatever the browser's locale
 * (25.11.2026, 2026-11-25, 25 Nov 2026), with a calendar to pick from. The browser's own
 * date input would follow the browser's locale instead.
 */
export function DateInput({
  id,
  value,
  onChange,
  required,
  isInvalid,
  describedBy,
  startMonth,
  endMonth,
  min,
  max,
}: DateInputProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const hintId = useId();
  const calendarId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // The text shown; rewritten in the language's own way when it is left or the language changes.
  const [text, setText] = useState(() => formatCalendarDate(value, language));
  const emitted = useRef(value);

  const shownLanguage = useRef(language);
  useEffect(() => {
    // A value set from outside, or a new language: show the date the language's way. What the
    // person is typing stays as typed until they leave the field.
    if (value !== emitted.current || language !== shownLanguage.current) {
      emitted.current = value;
      shownLanguage.current = language;
      const iso = parseCalendarDate(value, language);
      setText(iso === undefined ? value : formatCalendarDate(iso, language));
    }
  }, [value, language]);

  const emit = (next: string) => {
    emitted.current = next;
    onChange(next);
  };

  const handleType = (typed: string) => {
    setText(typed);
    emit(parseCalendarDate(typed, language) ?? typed.trim());
  };

  const handleBlur = () => {
    const iso = parseCalendarDate(text, language);
    if (iso !== undefined) setText(formatCalendarDate(iso, language));
  };

  const closeCalendar = (focus: 'button' | 'input') => {
    setOpen(false);
    (focus === 'button' ? buttonRef : inputRef).current?.focus();
  };

  const handlePick = (day: Date | undefined) => {
    if (day === undefined) return;
    const iso = isoOfLocal(day);
    setText(formatCalendarDate(iso, language));
    emit(iso);
    closeCalendar('input');
  };

  const selected = parseCalendarDate(text, language);
  const example = formatCalendarDate(isoOfLocal(new Date()), language);
  return (
    <>
      <InputGroup className="date-input" hasValidation>
        <Form.Control
          ref={inputRef}
          id={id}
          type="text"
          inputMode="text"
          autoComplete="off"
          value={text}
          required={required}
          isInvalid={isInvalid}
          aria-invalid={isInvalid || undefined}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          onChange={(event) => handleType(event.target.value)}
          onBlur={handleBlur}
        />
        <Button
          ref={buttonRef}
          variant="outline-secondary"
          aria-label={t('dateInput.openCalendar')}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <CalendarIcon />
        </Button>
      </InputGroup>
      <Form.Text id={hintId} className="d-block">
        {t('dateInput.example', { example })}
      </Form.Text>
      <Overlay
        target={buttonRef}
        show={open}
        placement="bottom-end"
        rootClose
        onHide={() => closeCalendar('button')}
      >
        <Popover
          id={calendarId}
          className="date-input-calendar"
          role="dialog"
          aria-label={t('dateInput.calendar')}
        >
          <Popover.Body className="p-2">
            <DayPicker
              mode="single"
              locale={calendarLocales[language]}
              selected={selected === undefined ? undefined : localDateOf(selected)}
              defaultMonth={selected === undefined ? undefined : localDateOf(selected)}
              onSelect={handlePick}
              captionLayout="dropdown"
              startMonth={startMonth ?? (min === undefined ? undefined : localDateOf(min))}
              endMonth={endMonth ?? (max === undefined ? undefined : localDateOf(max))}
              disabled={[
                ...(min === undefined ? [] : [{ before: localDateOf(min) }]),
                ...(max === undefined ? [] : [{ after: localDateOf(max) }]),
              ]}
              autoFocus
            />
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}
