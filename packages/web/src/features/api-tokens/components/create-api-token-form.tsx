import {
  adminOnlyScopes,
  apiTokenErrorKeys,
  apiTokenLimits,
  ApiTokenScope,
  CreateApiTokenRequest,
  type CreatedApiToken,
} from '@esign/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldIssuesOf } from '../../../lib/api-error.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';
import {
  apiTokenFieldMessageKey,
  apiTokenFormMessageKey,
  apiTokenMessageParams,
} from '../utils/api-token-messages.ts';
import { scopeKeys } from '../utils/scope-keys.ts';

type FieldName = 'Name' | 'ExpiresInDays' | 'Scopes';
const fieldNames: FieldName[] = ['Name', 'ExpiresInDays', 'Scopes'];

interface CreateApiTokenFormProps {
  titleId: string;
  maxDays: number;
  isAdmin: boolean;
  onCancel: () => void;
  onCreated: (created: CreatedApiToken) => void;
}

/** The create dialog's form: a name, a life in days (the most shown) and the scopes. */
export function CreateApiTokenForm({
  titleId,
  maxDays,
  isAdmin,
  onCancel,
  onCreated,
}: CreateApiTokenFormProps) {
  const { t } = useTranslation();
  const ids = useId();
  const create = useCreateApiToken();
  // The server's rule, with the most days this server allows.
  const schema = useMemo(
    () =>
      CreateApiTokenRequest.extend({
        ExpiresInDays: CreateApiTokenRequest.shape.ExpiresInDays.max(
          maxDays,
          apiTokenErrorKeys.expiryTooLong,
        ),
      }),
    [maxDays],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      Name: '',
      ExpiresInDays: Math.min(apiTokenLimits.defaultDays, maxDays),
      Scopes: ['signflows:read'],
    },
  });
  const { errors } = form.formState;
  const errorOf = (name: FieldName) => {
    const key = errors[name]?.message;
    return key === undefined
      ? undefined
      : t(apiTokenFieldMessageKey(key), apiTokenMessageParams(name, maxDays));
  };
  const scopes = ApiTokenScope.options.filter(
    (scope) => isAdmin || !adminOnlyScopes.includes(scope),
  );

  const handleSubmit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: onCreated,
      onError: (error) => {
        const issues = fieldIssuesOf(error).filter((issue) =>
          fieldNames.includes(issue.path as FieldName),
        );
        issues.forEach((issue, index) =>
          form.setError(
            issue.path as FieldName,
            { message: issue.key },
            { shouldFocus: index === 0 },
          ),
        );
      },
    });
  });
  const formError =
    create.isError && fieldIssuesOf(create.error).length === 0
      ? apiTokenFormMessageKey(create.error)
      : undefined;

  const nameError = errorOf('Name');
  const daysError = errorOf('ExpiresInDays');
  const scopesError = errorOf('Scopes');
  const describe = (...items: Array<string | false>) =>
    items.filter((item) => item !== false).join(' ') || undefined;
  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(event)} data-testid="api-token-create">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('apiTokens.form.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group className="mb-3" controlId={`${ids}-name`}>
          <Form.Label>{t('apiTokens.form.name')}</Form.Label>
          <Form.Control
            autoComplete="off"
            aria-required
            isInvalid={nameError !== undefined}
            aria-invalid={nameError !== undefined || undefined}
            aria-describedby={describe(
              `${ids}-name-help`,
              nameError !== undefined && `${ids}-name-error`,
            )}
            {...form.register('Name')}
          />
          <Form.Text id={`${ids}-name-help`} className="d-block">
            {t('apiTokens.form.nameHelp')}
          </Form.Text>
          {nameError !== undefined && (
            <Form.Control.Feedback type="invalid" id={`${ids}-name-error`}>
              {nameError}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${ids}-days`}>
          <Form.Label>{t('apiTokens.form.days')}</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            max={maxDays}
            className="api-token-form__days"
            aria-required
            isInvalid={daysError !== undefined}
            aria-invalid={daysError !== undefined || undefined}
            aria-describedby={describe(
              `${ids}-days-help`,
              daysError !== undefined && `${ids}-days-error`,
            )}
            {...form.register('ExpiresInDays', { valueAsNumber: true })}
          />
          <Form.Text id={`${ids}-days-help`} className="d-block">
            {t('apiTokens.form.daysHelp', { max: maxDays })}
          </Form.Text>
          {daysError !== undefined && (
            <Form.Control.Feedback type="invalid" id={`${ids}-days-error`}>
              {daysError}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        <fieldset
          className="mb-3"
          aria-describedby={scopesError === undefined ? undefined : `${ids}-scopes-error`}
        >
          <legend className="form-label fs-6">{t('apiTokens.form.scopes')}</legend>
          {scopes.map((scope) => (
            <Form.Check
              key={scope}
              type="checkbox"
              id={`${ids}-${scopeKeys[scope]}`}
              className="mb-2"
            >
              <Form.Check.Input
                type="checkbox"
                value={scope}
                aria-describedby={`${ids}-${scopeKeys[scope]}-help`}
                {...form.register('Scopes')}
              />
              <Form.Check.Label>{t(`apiTokens.scopes.${scopeKeys[scope]}`)}</Form.Check.Label>
              <Form.Text id={`${ids}-${scopeKeys[scope]}-help`} className="d-block">
                {t(`apiTokens.scopeHelp.${scopeKeys[scope]}`)}
              </Form.Text>
            </Form.Check>
          ))}
          {scopesError !== undefined && (
            <div className="invalid-feedback d-block" id={`${ids}-scopes-error`}>
              {scopesError}
            </div>
          )}
        </fieldset>
        {formError !== undefined && (
          <Alert variant="danger" role="alert" className="mb-0">
            {formError === 'errors.unexpected' ? t('apiTokens.form.failed') : t(formError)}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" aria-busy={create.isPending}>
          {t('apiTokens.form.submit')}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
