import type { CreatedWebhook, WebhookListItem } from '@esign/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import {
  newWebhookValues,
  toCreateRequest,
  toUpdateRequest,
  webhookFormSchema,
  webhookValuesOf,
  type WebhookFormValues,
} from '../utils/webhook-form-values.ts';
import {
  webhookFieldIssuesOf,
  webhookFieldMessageKey,
  webhookFormMessageKey,
  webhookMessageParams,
  type WebhookFieldName,
} from '../utils/webhook-messages.ts';
import { WebhookEventsField } from './webhook-events-field.tsx';
import { WebhookScopeField } from './webhook-scope-field.tsx';

type WebhookFormProps = {
  titleId: string;
  onCancel: () => void;
} & (
  | { endpoint: null; isAdmin: boolean; onCreated: (created: CreatedWebhook) => void }
  | { endpoint: WebhookListItem; onSaved: (saved: WebhookListItem) => void }
);

/** The dialog's form: a new endpoint (address, events, whose flows) or an endpoint's change. */
export function WebhookForm(props: WebhookFormProps) {
  const { t } = useTranslation();
  const ids = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const adding = props.endpoint === null;
  const call = adding ? create : update;
  const form = useForm<WebhookFormValues>({
    resolver: zodResolver(webhookFormSchema),
    defaultValues: props.endpoint === null ? newWebhookValues : webhookValuesOf(props.endpoint),
  });
  const { errors } = form.formState;
  const errorOf = (name: WebhookFieldName) => {
    const key = errors[name]?.message;
    return key === undefined
      ? undefined
      : t(webhookFieldMessageKey(name, key), webhookMessageParams);
  };

  const showFieldIssues = (error: unknown) =>
    webhookFieldIssuesOf(error).forEach((issue, index) =>
      form.setError(issue.path, { message: issue.key }, { shouldFocus: index === 0 }),
    );
  const handleSubmit = form.handleSubmit((values) => {
    if (call.isPending) return;
    if (props.endpoint === null) {
      const { onCreated } = props;
      create.mutate(toCreateRequest(values), { onSuccess: onCreated, onError: showFieldIssues });
    } else {
      const change = {
        id: props.endpoint.Id,
        request: toUpdateRequest(values, props.endpoint.Enabled),
      };
      update.mutate(change, { onSuccess: props.onSaved, onError: showFieldIssues });
    }
  });
  const formError =
    call.isError && webhookFieldIssuesOf(call.error).length === 0
      ? webhookFormMessageKey(call.error)
      : undefined;

  const urlError = errorOf('Url');
  const urlErrorId = `${ids}-url-error`;
  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(event)} data-testid="webhook-form">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={props.titleId} as="h2" className="h5">
          {adding ? t('webhooks.form.title') : t('webhooks.form.editTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group className="mb-3" controlId={`${ids}-url`}>
          <Form.Label>{t('webhooks.form.url')}</Form.Label>
          <Form.Control
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            aria-required
            isInvalid={urlError !== undefined}
            aria-invalid={urlError !== undefined || undefined}
            aria-describedby={[`${ids}-url-help`, urlError !== undefined && urlErrorId]
              .filter(Boolean)
              .join(' ')}
            {...form.register('Url')}
          />
          <Form.Text id={`${ids}-url-help`} className="d-block">
            {t('webhooks.form.urlHelp')}
          </Form.Text>
          {urlError !== undefined && (
            <Form.Control.Feedback type="invalid" id={urlErrorId}>
              {urlError}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        <WebhookEventsField form={form} idPrefix={ids} error={errorOf('Events')} />
        {props.endpoint === null && (
          <WebhookScopeField
            form={form}
            idPrefix={ids}
            isAdmin={props.isAdmin}
            scopeError={errorOf('Scope')}
            groupError={errorOf('GroupId')}
          />
        )}
        {formError !== undefined && (
          <Alert variant="danger" role="alert" className="mb-0">
            {formError !== 'errors.unexpected'
              ? t(formError)
              : adding
                ? t('webhooks.form.failed')
                : t('webhooks.form.saveFailed')}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" aria-busy={call.isPending}>
          {adding ? t('webhooks.form.submit') : t('common.save')}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
