import { reportMaxYears, ReportQuery } from '@esign/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface ReportRangeFormProps {
  initial: ReportQuery;
  onSubmit: (query: ReportQuery) => void;
}

/** The time range (two dates, both included) and the button that creates both reports. */
export function ReportRangeForm({ initial, onSubmit }: ReportRangeFormProps) {
  const { t } = useTranslation();
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [invalid, setInvalid] = useState(false);
  const startId = useId();
  const endId = useId();
  const errorId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The endpoint's own schema: the browser refuses what the server would.
    const parsed = ReportQuery.safeParse({ start, end });
    setInvalid(!parsed.success);
    if (parsed.success) onSubmit(parsed.data);
  };

  const describedBy = invalid ? errorId : undefined;
  return (
    <Form noValidate onSubmit={handleSubmit} className="mb-4">
      <fieldset>
        <legend className="h5">{t('reports.timeRange')}</legend>
        <Row className="g-3 align-items-end">
          <Col xs="auto">
            <Form.Label htmlFor={startId}>{t('reports.start')}</Form.Label>
            <Form.Control
              id={startId}
              type="date"
              value={start}
              required
              isInvalid={invalid}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(event) => setStart(event.target.value)}
            />
          </Col>
          <Col xs="auto">
            <Form.Label htmlFor={endId}>{t('reports.end')}</Form.Label>
            <Form.Control
              id={endId}
              type="date"
              value={end}
              required
              isInvalid={invalid}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(event) => setEnd(event.target.value)}
            />
          </Col>
          <Col xs="auto">
            <Button type="submit">{t('reports.createReport')}</Button>
          </Col>
        </Row>
        {invalid && (
          <div id={errorId} role="alert" className="invalid-feedback d-block">
            {t('reports.rangeInvalid', { years: reportMaxYears })}
          </div>
        )}
      </fieldset>
    </Form>
  );
}
