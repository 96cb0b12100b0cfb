import {
  PersonalDataQuery,
  PersonalIdentifierType,
  type PersonalDataTarget,
} from '@esign/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { usePersonalDataQuery } from '../api/personal-data-query.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { personalFieldIssuesOf, translatePersonalIssue } from '../utils/personal-issues.ts';

const targets: readonly PersonalDataTarget[] = ['service', 'portal'];

/** Which button sent the form; Enter in the field counts as the first one (the service). */
function targetOf(event: FormEvent<HTMLFormElement>): PersonalDataTarget {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute('value') === 'portal' ? 'portal' : 'service';
}

/** The personal-data query (SPEC §2): an identifier checked by the contract's rule, two targets, a CSV. */
export function PersonalDataForm() {
  const { t } = useTranslation();
  const ids = { input: useId(), hint: useId(), error: useId() };
  const query = usePersonalDataQuery();
  const form = useForm<z.input<typeof PersonalDataQuery>, unknown, PersonalDataQuery>({
    resolver: zodResolver(PersonalDataQuery),
    defaultValues: { IdentifierType: 'Ssn', Identifier: '' },
  });
  const type = useWatch({ control: form.control, name: 'IdentifierType' });
  const fieldError = form.formState.errors.Identifier?.message;
  const refusedOnField = personalFieldIssuesOf(query.error).length > 0;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const target = targetOf(event);
    void form.handleSubmit((values) => {
      query.mutate(
        { target, query: values },
        {
          onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
          onError: (error) => {
            for (const issue of personalFieldIssuesOf(error)) {
              form.setError(issue.path, { message: issue.key }, { shouldFocus: true });
            }
          },
        },
      );
    })(event);
  };

  return (
    <Form noValidate onSubmit={handleSubmit} data-testid="personal-data-form">
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">{t('personalReports.identifierType')}</legend>
        {PersonalIdentifierType.options.map((option) => (
          <Form.Check
            key={option}
            type="radio"
            id={`${ids.input}-${option}`}
            value={option}
            label={t(`personalReports.identifierTypes.${option}`)}
            data-testid={`personal-identifier-type-${option}`}
            {...form.register('IdentifierType', {
              // The identifier's message follows the type once the form has been sent.
              onChange: () => form.formState.isSubmitted && void form.trigger('Identifier'),
            })}
          />
        ))}
      </fieldset>
      <Form.Group className="mb-3">
        <Form.Label htmlFor={ids.input}>{t('personalReports.identifier')}</Form.Label>
        <Form.Control
          id={ids.input}
          autoComplete="off"
          spellCheck={false}
          aria-required="true"
          isInvalid={fieldError !== undefined}
          aria-invalid={fieldError !== undefined || undefined}
          aria-describedby={fieldError === undefined ? ids.hint : `${ids.error} ${ids.hint}`}
          data-testid="personal-identifier"
          {...form.register('Identifier')}
        />
        {fieldError !== undefined && (
          <div id={ids.error} className="invalid-feedback d-block" role="alert">
            {translatePersonalIssue(t, fieldError)}
          </div>
        )}
        <div id={ids.hint} className="form-text">
          {t(`personalReports.identifierHints.${type}`)}
        </div>
      </Form.Group>
      <div role="group" aria-label={t('personalReports.targets')} className="d-flex gap-2">
        {targets.map((target) => (
          <Button
            key={target}
            type="submit"
            value={target}
            variant={target === 'service' ? 'primary' : 'outline-primary'}
            disabled={query.isPending}
            data-testid={`personal-query-${target}`}
          >
            {t(`personalReports.${target}`)}
          </Button>
        ))}
      </div>
      <div role="status" className="mt-3" data-testid="personal-query-status">
        {query.isPending && t('personalReports.querying')}
        {query.isSuccess && t('personalReports.downloaded', { fileName: query.data.fileName })}
      </div>
      {query.isError && !refusedOnField && (
        <Alert variant="danger" role="alert" data-testid="personal-query-error">
          {t('dialogs.loadingFailed')}
        </Alert>
      )}
    </Form>
  );
}
