import type { SignFlowDetailResponse } from '@esign/contract';
import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../../components/date-input/date-input.tsx';
import { useLoadedCommonConfig } from '../../../../lib/common-config.ts';
import { addCalendarDays, formatCalendarDate, formatDate } from '../../../../lib/dates.ts';
import { useExtendSignFlowDeadline } from '../../api/extend-signflow-deadline.ts';
import { errorKeyOf } from '../../utils/error-key-of.ts';
import { expiryDateRangeOf } from '../../utils/expiry-date.ts';
import { issuesOfError, translateIssue } from '../edit/signflow-edit-issues.ts';

/** Moves focus once the element is on the screen (after the render that shows it). */
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** The deadline of a flow out for signing, and the sender's way to move it later. */
export function FlowDeadline({ flow }: { flow: SignFlowDetailResponse }) {
  const { t, i18n } = useTranslation();
  const config = useLoadedCommonConfig();
  const extend = useExtendSignFlowDeadline();
  const inputId = useId();
  const errorId = useId();
  const buttonId = useId();
  const [editing, setEditing] = useState(false);
  const [date, setDate] = useState('');
  const [done, setDone] = useState('');
  if (flow.Status !== 'Sent' || (flow.ExpiryDate === null && flow.SigningDeadline === null))
    return null;
  const shown =
    flow.ExpiryDate !== null
      ? formatCalendarDate(flow.ExpiryDate, i18n.language)
      : formatDate(flow.SigningDeadline ?? '', i18n.language, config.TimeZone);
  const range = expiryDateRangeOf(config);
  const earliest =
    flow.ExpiryDate !== null && flow.ExpiryDate >= range.min
      ? addCalendarDays(flow.ExpiryDate, 1)
      : range.min;
  const issue = issuesOfError(extend.error).find((item) => item.path === 'ExpiryDate');
  const failure = extend.isError && issue === undefined ? t(errorKeyOf(extend.error)) : null;

  const handleOpen = () => {
    extend.reset();
    setDone('');
    setDate(earliest > range.max ? range.max : addCalendarDays(earliest, 6));
    setEditing(true);
    focusSoon(inputId);
  };
  const handleClose = () => {
    setEditing(false);
    focusSoon(buttonId);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    extend.mutate(
      { signFlowId: flow.Guid, expiryDate: date },
      {
        onSuccess: (updated) => {
          handleClose();
          setDone(
            t('signflow.status.extend.done', {
              date: formatCalendarDate(updated.ExpiryDate ?? date, i18n.language),
            }),
          );
        },
      },
    );
  };

  return (
    <div className="flow-deadline mb-3" data-testid="flow-deadline">
      <p className="mb-2" data-testid="signing-deadline">
        {t('signflow.status.deadline', { date: shown })}{' '}
        {!editing && (
          <Button
            id={buttonId}
            type="button"
            variant="link"
            className="p-0 align-baseline"
            onClick={handleOpen}
            data-testid="extend-deadline"
          >
            {t('signflow.status.extend.button')}
          </Button>
        )}
      </p>
      <p role="status" className="text-body-secondary small mb-2" data-testid="extend-done">
        {done}
      </p>
      {editing && (
        <Form noValidate onSubmit={handleSubmit} className="flow-deadline__form">
          <Form.Label htmlFor={inputId}>{t('signflow.status.extend.label')}</Form.Label>
          <div className="flow-deadline__row">
            <div className="flow-deadline__input">
              <DateInput
                id={inputId}
                value={date}
                onChange={setDate}
                required
                isInvalid={issue !== undefined}
                describedBy={issue !== undefined ? errorId : undefined}
                min={earliest}
                max={range.max}
              />
            </div>
            <div className="flow-deadline__buttons">
              <Button type="submit" disabled={extend.isPending} data-testid="extend-deadline-save">
                {t('signflow.status.extend.save')}
              </Button>
              <Button
                type="button"
                variant="outline-secondary"
                disabled={extend.isPending}
                onClick={handleClose}
              >
                {t('signflow.status.extend.cancel')}
              </Button>
            </div>
          </div>
          {issue !== undefined && (
            <div id={errorId} className="invalid-feedback d-block" data-testid="extend-error">
              {translateIssue(t, issue)}
            </div>
          )}
          {failure !== null && (
            <div role="alert" className="invalid-feedback d-block" data-testid="extend-error">
              {failure}
            </div>
          )}
        </Form>
      )}
    </div>
  );
}
