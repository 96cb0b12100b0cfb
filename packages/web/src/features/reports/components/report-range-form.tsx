import { reportMaxYears, ReportQuery } from '@esign/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/date-input/date-input.tsx';
import { formatCalendarDate, parseCalendarDate } from '../../../lib/dates.ts';
import './report-range-form.css';

interface ReportRangeFormProps {
  initial: ReportQuery;
  onSubmit: (query: ReportQuery) => void;
}

/** The time range (two dates, both included) and the button that creates both reports. */
export function ReportRangeForm({ initial, onSubmit }: ReportRangeFormProps) {
  const { t, i18n } = useTranslation();
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [invalid, setInvalid] = useState(false);
  const [unreadable, setUnreadable] = useState({ start: false, end: false });
  const startId = useId();
  const endId = useId();
  const errorId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The endpoint's own schema: the browser refuses what the server would.
    const notDates = {
      start: parseCalendarDate(start, i18n.language) === undefined,
      end: parseCalendarDate(end, i18n.language) === undefined,
    };
    setUnreadable(notDates);
    const parsed = ReportQuery.safeParse({ start, end });
    setInvalid(!parsed.success);
    if (parsed.success) onSubmit(parsed.data);
  };

  const describedBy = invalid ? errorId : undefined;
  const example = formatCalendarDate(initial.end, i18n.language);
  return (
    <Form noValidate onSubmit={handleSubmit} className="mb-4">
      <fieldset>
        <legend className="h5">{t('reports.timeRange')}</legend>
        <Row className="g-3 align-items-start">
          <Col xs="auto">
            <Form.Label htmlFor={startId}>{t('reports.start')}</Form.Label>
            <DateInput
              id={startId}
              value={start}
              required
              isInvalid={invalid && (unreadable.start || (!unreadable.start && !unreadable.end))}
              describedBy={describedBy}
              onChange={setStart}
            />
          </Col>
          <Col xs="auto">
            <Form.Label htmlFor={endId}>{t('reports.end')}</Form.Label>
            <DateInput
              id={endId}
              value={end}
              required
              isInvalid={invalid && (unreadable.end || (!unreadable.start && !unreadable.end))}
              describedBy={describedBy}
              onChange={setEnd}
            />
          </Col>
          <Col xs={12} md="auto" className="report-range-submit">
            <Button type="submit">{t('reports.createReport')}</Button>
          </Col>
        </Row>
        {invalid && (
          <div id={errorId} role="alert" className="invalid-feedback d-block">
            {unreadable.start || unreadable.end
              ? t('dateInput.unreadable', { example })
              : t('reports.rangeInvalid', { years: reportMaxYears })}
          </div>
        )}
      </fieldset>
    </Form>
  );
}
