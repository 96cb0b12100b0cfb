import { languages, languageNames, limits, type SignFlowDetailResponse } from '@esign/contract';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAllowedSignatureLevels } from '../../api/get-allowed-lists.ts';
import { AttachmentField } from './attachment-field.tsx';
import type { FileActions } from './file-actions.ts';
import { FileToSignField } from './file-to-sign-field.tsx';
import { FieldErrorText, fieldIds, invalidProps } from './signflow-edit-field-error.tsx';
import { issueMessageOf } from './signflow-edit-issues.ts';
import type { Notices } from './signflow-edit-notices.ts';
import type { SignFlowFormValues } from './signflow-edit-values.ts';

interface DocumentSectionProps {
  flow: SignFlowDetailResponse | undefined;
  files: FileActions;
  notices: Notices;
  busy: boolean;
}

/** Name, file to sign, attachments, note, signature level and the messages' language. */
export function DocumentSection({ flow, files, notices, busy }: DocumentSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const noteHintId = useId();
  const { register, formState, control } = useFormContext<SignFlowFormValues>();
  const levels = useAllowedSignatureLevels();
  const nameIssue = issueMessageOf(formState.errors.Name);
  const noteIssue = issueMessageOf(formState.errors.Note);
  const levelIssue = issueMessageOf(formState.errors.MinimumSignatureLevel);
  const languageIssue = issueMessageOf(formState.errors.Language);
  const chosenLevel = useWatch({ control, name: 'MinimumSignatureLevel' });
  const levelChoices = [...(levels.data ?? [])];
  if (chosenLevel !== '' && !levelChoices.includes(chosenLevel)) levelChoices.push(chosenLevel);

  return (
    <section aria-labelledby={headingId} className="signflow-edit__section">
      <h2 id={headingId} className="h4">
        {t('signflow.edit.document.heading')}
      </h2>
      <Form.Group className="mb-3" controlId={fieldIds('Name').inputId}>
        <Form.Label>{t('signflow.edit.document.name')}</Form.Label>
        <Form.Control
          {...register('Name')}
          aria-required="true"
          isInvalid={nameIssue !== undefined}
          {...invalidProps('Name', nameIssue)}
          data-testid="signflow-name"
        />
        <FieldErrorText path="Name" issue={nameIssue} />
      </Form.Group>

      <FileToSignField
        flowId={flow?.Guid}
        files={files}
        notices={notices.byArea.SignFileInfo}
        busy={busy}
      />
      <AttachmentField
        flowId={flow?.Guid}
        files={files}
        notices={notices.byArea.AttachmentInfo}
        busy={busy}
      />

      <Form.Group className="mb-3" controlId={fieldIds('Note').inputId}>
        <Form.Label>{t('signflow.edit.document.note')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          {...register('Note')}
          isInvalid={noteIssue !== undefined}
          {...invalidProps('Note', noteIssue, noteHintId)}
          data-testid="note"
        />
        <Form.Text id={noteHintId}>
          {t('signflow.edit.document.noteHint', { max: limits.noteMaxLength })}
        </Form.Text>
        <FieldErrorText path="Note" issue={noteIssue} />
      </Form.Group>

      <div className="row g-3">
        <Form.Group className="col-md-6" controlId={fieldIds('MinimumSignatureLevel').inputId}>
          <Form.Label>{t('signflow.edit.document.signatureLevel')}</Form.Label>
          <Form.Select
            {...register('MinimumSignatureLevel')}
            isInvalid={levelIssue !== undefined}
            {...invalidProps('MinimumSignatureLevel', levelIssue)}
            data-testid="signature-level"
          >
            <option value="">{t('signflow.edit.document.chooseLevel')}</option>
            {levelChoices.map((level) => (
              <option key={level} value={level}>
                {t(`signflow.signatureLevel.${level}` as 'signflow.signatureLevel.Low', level)}
              </option>
            ))}
          </Form.Select>
          <FieldErrorText path="MinimumSignatureLevel" issue={levelIssue} />
        </Form.Group>
        <Form.Group className="col-md-6" controlId={fieldIds('Language').inputId}>
          <Form.Label>{t('signflow.edit.document.language')}</Form.Label>
          <Form.Select
            {...register('Language')}
            isInvalid={languageIssue !== undefined}
            {...invalidProps('Language', languageIssue)}
            data-testid="message-language"
          >
            {languages.map((language) => (
              <option key={language} value={language} lang={language}>
                {languageNames[language] ?? language}
              </option>
            ))}
          </Form.Select>
          <FieldErrorText path="Language" issue={languageIssue} />
        </Form.Group>
      </div>
    </section>
  );
}
