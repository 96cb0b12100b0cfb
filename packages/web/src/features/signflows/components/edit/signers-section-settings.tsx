import { useFormContext, useWatch } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useUserGroups } from '../../../groups/api/list-user-groups.ts';
import { FieldErrorText, fieldIds, invalidProps } from './signflow-edit-field-error.tsx';
import { ExpiryDateField } from './expiry-date-field.tsx';
import { issueMessageOf } from './signflow-edit-issues.ts';
import { reminderIntervalChoices, type SignFlowFormValues } from './signflow-edit-values.ts';

/** The user group, the inspector's e-mail, the reminder interval and the deadline. */
export function SignersSettings() {
  const { t } = useTranslation();
  const { register, formState, control } = useFormContext<SignFlowFormValues>();
  // Groups change seldom: the editor reuses a list fetched in the last minute (the groups
  // screen asks again each time it opens).
  const groups = useUserGroups({ staleTime: 60_000 });
  const [role, reminder] = useWatch({ control, name: ['Role', 'ReminderIntervalInDays'] });
  const roleIssue = issueMessageOf(formState.errors.Role);
  const inspectorIssue = issueMessageOf(formState.errors.InspectorEmail);
  const reminderIssue = issueMessageOf(formState.errors.ReminderIntervalInDays);
  const groupChoices = (groups.data ?? []).map((group) => ({ id: group.Id, name: group.Name }));
  // A group the user no longer sees still shows, by its id, rather than silently changing.
  if (role !== '' && !groupChoices.some((group) => group.id === role)) {
    groupChoices.push({ id: role, name: role });
  }
  const days: number[] = [...reminderIntervalChoices];
  if (reminder !== '' && !days.includes(Number(reminder))) days.push(Number(reminder));

  return (
    <div className="row g-3">
      <Form.Group className="col-md-4" controlId={fieldIds('Role').inputId}>
        <Form.Label>{t('signflow.edit.group.label')}</Form.Label>
        <Form.Select
          {...register('Role')}
          isInvalid={roleIssue !== undefined}
          {...invalidProps('Role', roleIssue)}
          data-testid="group-select"
        >
          <option value="">{t('signflow.edit.group.choose')}</option>
          {groupChoices.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </Form.Select>
        <FieldErrorText path="Role" issue={roleIssue} />
      </Form.Group>
      <Form.Group className="col-md-4" controlId={fieldIds('InspectorEmail').inputId}>
        <Form.Label>{t('signflow.edit.inspectorEmail')}</Form.Label>
        <Form.Control
          type="email"
          autoComplete="off"
          {...register('InspectorEmail')}
          isInvalid={inspectorIssue !== undefined}
          {...invalidProps('InspectorEmail', inspectorIssue)}
          data-testid="inspector-email"
        />
        <FieldErrorText path="InspectorEmail" issue={inspectorIssue} />
      </Form.Group>
      <Form.Group className="col-md-4" controlId={fieldIds('ReminderIntervalInDays').inputId}>
        <Form.Label>{t('signflow.edit.reminder.label')}</Form.Label>
        <Form.Select
          {...register('ReminderIntervalInDays')}
          isInvalid={reminderIssue !== undefined}
          {...invalidProps('ReminderIntervalInDays', reminderIssue)}
          data-testid="reminder-interval"
        >
          <option value="">{t('signflow.edit.reminder.none')}</option>
          {days.map((count) => (
            <option key={count} value={String(count)}>
              {t('signflow.edit.reminder.everyDays', { count })}
            </option>
          ))}
        </Form.Select>
        <FieldErrorText path="ReminderIntervalInDays" issue={reminderIssue} />
      </Form.Group>
      <ExpiryDateField />
    </div>
  );
}
