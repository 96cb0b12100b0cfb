import { WebhookScope } from '@esign/contract';
import Form from 'react-bootstrap/Form';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUserGroups } from '../../groups/api/list-user-groups.ts';
import type { WebhookFormValues } from '../utils/webhook-form-values.ts';

interface WebhookScopeFieldProps {
  form: UseFormReturn<WebhookFormValues>;
  idPrefix: string;
  isAdmin: boolean;
  scopeError: string | undefined;
  groupError: string | undefined;
}

/** Whose flows the endpoint hears: the user's, a group's (chosen below), or (administrators) all. */
export function WebhookScopeField(props: WebhookScopeFieldProps) {
  const { t } = useTranslation();
  const { form, idPrefix } = props;
  const scope = useWatch({ control: form.control, name: 'Scope' });
  // The editor keeps the group list a minute; so does this form.
  const groups = useUserGroups({ staleTime: 60_000 });
  const noGroups = groups.isSuccess && groups.data.length === 0;
  const scopes = WebhookScope.options.filter(
    (option) => props.isAdmin || option !== 'organisation',
  );
  const scopeErrorId = `${idPrefix}-scope-error`;
  const groupErrorId = `${idPrefix}-group-error`;
  return (
    <fieldset
      className="mb-3"
      aria-describedby={props.scopeError === undefined ? undefined : scopeErrorId}
    >
      <legend className="form-label fs-6 mb-1">{t('webhooks.form.scope')}</legend>
      {scopes.map((option) => (
        <Form.Check key={option} id={`${idPrefix}-scope-${option}`} className="mb-2">
          <Form.Check.Input
            type="radio"
            value={option}
            disabled={option === 'group' && noGroups}
            aria-describedby={`${idPrefix}-scope-${option}-help`}
            {...form.register('Scope')}
          />
          <Form.Check.Label>{t(`webhooks.form.scopes.${option}`)}</Form.Check.Label>
          <Form.Text id={`${idPrefix}-scope-${option}-help`} className="d-block">
            {option === 'group' && noGroups
              ? t('webhooks.form.noGroups')
              : t(`webhooks.form.scopeHelp.${option}`)}
          </Form.Text>
        </Form.Check>
      ))}
      {scope === 'group' && (
        <Form.Group className="webhook-form__group" controlId={`${idPrefix}-group`}>
          <Form.Label>{t('webhooks.form.group')}</Form.Label>
          <Form.Select
            aria-required
            isInvalid={props.groupError !== undefined}
            aria-invalid={props.groupError !== undefined || undefined}
            aria-describedby={props.groupError === undefined ? undefined : groupErrorId}
            {...form.register('GroupId')}
          >
            <option value="">{t('webhooks.form.chooseGroup')}</option>
            {(groups.data ?? []).map((group) => (
              <option key={group.Id} value={group.Id}>
                {group.Name}
              </option>
            ))}
          </Form.Select>
          {props.groupError !== undefined && (
            <Form.Control.Feedback type="invalid" id={groupErrorId}>
              {props.groupError}
            </Form.Control.Feedback>
          )}
        </Form.Group>
      )}
      {props.scopeError !== undefined && (
        <div className="invalid-feedback d-block" id={scopeErrorId}>
          {props.scopeError}
        </div>
      )}
    </fieldset>
  );
}
