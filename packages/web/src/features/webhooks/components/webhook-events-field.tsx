import { useEffect, useRef } from 'react';
import Form from 'react-bootstrap/Form';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { eventKeys } from '../utils/event-keys.ts';
import { allEvents, type WebhookFormValues } from '../utils/webhook-form-values.ts';

interface WebhookEventsFieldProps {
  form: UseFormReturn<WebhookFormValues>;
  idPrefix: string;
  error: string | undefined;
}

/** The events as a checkbox group, each named and with its code; "all events" ticks them all. */
export function WebhookEventsField({ form, idPrefix, error }: WebhookEventsFieldProps) {
  const { t } = useTranslation();
  const chosen = useWatch({ control: form.control, name: 'Events' });
  const everyOne = allEvents.every((event) => chosen.includes(event));
  const some = chosen.length > 0 && !everyOne;
  const allRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allRef.current !== null) allRef.current.indeterminate = some;
  }, [some]);

  const handleAll = (checked: boolean) =>
    form.setValue('Events', checked ? [...allEvents] : [], {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  const errorId = `${idPrefix}-events-error`;
  return (
    <fieldset className="mb-3" aria-describedby={error === undefined ? undefined : errorId}>
      <legend className="form-label fs-6 mb-1">{t('webhooks.form.events')}</legend>
      <Form.Check id={`${idPrefix}-events-all`} className="mb-2">
        <Form.Check.Input
          ref={allRef}
          type="checkbox"
          checked={everyOne}
          onChange={(event) => handleAll(event.target.checked)}
        />
        <Form.Check.Label className="fw-semibold">{t('webhooks.allEvents')}</Form.Check.Label>
      </Form.Check>
      <div className="webhook-form__events">
        {allEvents.map((event) => (
          <Form.Check key={event} id={`${idPrefix}-event-${eventKeys[event]}`}>
            <Form.Check.Input type="checkbox" value={event} {...form.register('Events')} />
            <Form.Check.Label>
              {t(`webhooks.events.${eventKeys[event]}`)}{' '}
              <code className="webhook-event-code">{event}</code>
            </Form.Check.Label>
          </Form.Check>
        ))}
      </div>
      {error !== undefined && (
        <div className="invalid-feedback d-block" id={errorId}>
          {error}
        </div>
      )}
    </fieldset>
  );
}
