import { languageNames, languages, limits, SignatureProcess } from '@esign/contract';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUserGroups } from '../../groups/api/list-user-groups.ts';
import { useAllowedSignatureLevels } from '../../signflows/api/get-allowed-lists.ts';
import { TemplateTextField, useFieldIssue } from './template-field.tsx';
import type { TemplateFormValues } from './template-form-values.ts';

const reminderChoices = [1, 2, 3, 5, 7, 14] as const;

/** What a flow of the template gets: name, message, sign order, level, reminders, language. */
export function TemplateSettings({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { register, control, getValues } = useFormContext<TemplateFormValues>();
  const levels = useAllowedSignatureLevels();
  // The saved level is an option from the start, so the select shows it before the list comes.
  const [savedLevel] = useState(() => getValues('MinimumSignatureLevel'));
  const levelChoices = levels.data ?? (savedLevel === '' ? [] : [savedLevel]);
  const groups = useUserGroups({ staleTime: 60_000 });
  const groupId = useWatch({ control, name: 'GroupId' });
  const levelIssue = useFieldIssue('MinimumSignatureLevel');
  const groupIssue = useFieldIssue('GroupId');
  const groupChoices = (groups.data ?? []).map((group) => ({ id: group.Id, name: group.Name }));
  if (groupId !== '' && !groupChoices.some((group) => group.id === groupId))
    groupChoices.push({ id: groupId, name: groupId });

  return (
    <section className="template-section" aria-labelledby="template-settings-heading">
      <h2 id="template-settings-heading" className="h4">
        {t('templates.edit.settingsHeading')}
      </h2>
      <TemplateTextField
        path="Name"
        label={t('templates.edit.name')}
        className="mb-3"
        required
        hint={t('templates.edit.nameHint')}
        testId="template-name"
      />
      <TemplateTextField
        path="Note"
        label={t('templates.edit.note')}
        className="mb-3"
        multiline
        hint={t('signflow.edit.document.noteHint', { max: limits.noteMaxLength })}
        testId="template-note"
      />
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">{t('signflow.edit.signers.signOrder')}</legend>
        {SignatureProcess.options.map((process) => (
          <Form.Check
            key={process}
            inline
            type="radio"
            id={`template-process-${process}`}
            value={process}
            label={t(`signflow.signatureProcess.${process}`)}
            {...register('SignatureProcess')}
            data-testid={`template-process-${process}`}
          />
        ))}
      </fieldset>
      <div className="row g-3 mb-3">
        <Form.Group className="col-md-6" controlId="template-level">
          <Form.Label>{t('signflow.edit.document.signatureLevel')}</Form.Label>
          <Form.Select
            {...register('MinimumSignatureLevel')}
            isInvalid={levelIssue !== undefined}
            data-testid="template-level"
          >
            <option value="">{t('signflow.edit.document.chooseLevel')}</option>
            {levelChoices.map((level) => (
              <option key={level} value={level}>
                {t(`signflow.signatureLevel.${level}` as 'signflow.signatureLevel.Low', level)}
              </option>
            ))}
          </Form.Select>
          {levelIssue && <Form.Control.Feedback type="invalid">{levelIssue}</Form.Control.Feedback>}
        </Form.Group>
        <Form.Group className="col-md-6" controlId="template-language">
          <Form.Label>{t('signflow.edit.document.language')}</Form.Label>
          <Form.Select {...register('Language')} data-testid="template-language">
            {languages.map((language) => (
              <option key={language} value={language} lang={language}>
                {languageNames[language] ?? language}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-6" controlId="template-reminder">
          <Form.Label>{t('signflow.edit.reminder.label')}</Form.Label>
          <Form.Select {...register('ReminderIntervalInDays')} data-testid="template-reminder">
            <option value="">{t('signflow.edit.reminder.none')}</option>
            {reminderChoices.map((count) => (
              <option key={count} value={String(count)}>
                {t('signflow.edit.reminder.everyDays', { count })}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <TemplateTextField
          path="InspectorEmail"
          label={t('signflow.edit.inspectorEmail')}
          type="email"
          className="col-md-6"
          testId="template-inspector"
        />
      </div>
      <fieldset className="mb-3" disabled={!isOwner}>
        <legend className="form-label fs-6 mb-1">{t('templates.edit.sharing')}</legend>
        <Form.Group controlId="template-group" className="mb-2">
          <Form.Label>{t('templates.edit.group')}</Form.Label>
          <Form.Select
            {...register('GroupId')}
            isInvalid={groupIssue !== undefined}
            data-testid="template-group"
          >
            <option value="">{t('templates.edit.private')}</option>
            {groupChoices.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </Form.Select>
          {groupIssue && <Form.Control.Feedback type="invalid">{groupIssue}</Form.Control.Feedback>}
          {!isOwner && <Form.Text>{t('templates.edit.onlyOwnerShares')}</Form.Text>}
        </Form.Group>
        <Form.Check
          type="checkbox"
          id="template-group-can-edit"
          label={t('templates.edit.groupCanEdit')}
          disabled={groupId === ''}
          {...register('GroupCanEdit')}
          data-testid="template-group-can-edit"
        />
      </fieldset>
    </section>
  );
}
