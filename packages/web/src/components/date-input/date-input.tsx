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
import type CalendarComponent from './date-input-calendar.tsx';
import './date-input.css';

// The calendar (react-day-picker with date-fns, about 80 kB) loads when it is first wanted, so a
// screen with a date field does not fetch and run it for a person who types the date.
// It opens once its code is here (hovering or focusing the button fetches it): rendered at once
// then, it never mounts late, while the popover closes, and takes the focus from the button.
type Calendar = typeof CalendarComponent;
let loadedCalendar: Calendar | undefined;
const loadCalendar = async (): Promise<Calendar> =>
  (loadedCalendar ??= (await import('./date-input-calendar.tsx')).default);

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
  const [DateInputCalendar, setCalendar] = useState<Calendar | undefined>(() => loadedCalendar);
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
          onClick={() => {
            if (open) return setOpen(false);
            void loadCalendar().then((calendar) => {
              setCalendar(() => calendar);
              setOpen(true);
            });
          }}
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
        >
          <CalendarIcon />
        </Button>
      </InputGroup>
      <Form.Text id={hintId} className="d-block">
        {t('dateInput.example', { example })}
      </Form.Text>
      <Overlay
        target={buttonRef}
        show={open && DateInputCalendar !== undefined}
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
            {DateInputCalendar !== undefined && (
              <DateInputCalendar
                language={language}
                selected={selected}
                onPick={handlePick}
                startMonth={startMonth}
                endMonth={endMonth}
                min={min}
                max={max}
              />
            )}
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}
