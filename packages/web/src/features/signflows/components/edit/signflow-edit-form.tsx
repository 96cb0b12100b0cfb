import type { SignFlowDetailResponse } from '@esign/contract';
import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../../components/unsaved-changes/unsaved-changes-context.ts';
import { useLoadedCommonConfig } from '../../../../lib/common-config.ts';
import { expiryDateRangeOf } from '../../utils/expiry-date.ts';
import { DocumentSection } from './document-section.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { useFileActions } from './file-actions.ts';
import { SendDialog } from './send-dialog.tsx';
import { SaveAsTemplateDialog } from '../save-as-template-dialog.tsx';
import { SignersSection } from './signers-section.tsx';
import { NoticeList } from './signflow-edit-field-error.tsx';
import { useNotices } from './signflow-edit-notices.ts';
import { signFlowFormResolver } from './signflow-edit-resolver.ts';
import { useSignFlowSubmit, type EditMode } from './signflow-edit-submit.ts';
import { formValuesFromDetail, newFormValues } from './signflow-edit-values.ts';
import '../signflow-sections.css';
import './signflow-edit.css';

interface SignFlowEditFormProps {
  mode: EditMode;
  /** The flow being edited, or the source of a copy; none for a new draft. */
  flow: SignFlowDetailResponse | undefined;
}

/** The edit screen's form: a draft is edited, saved and sent (a sent flow has its own page). */
export function SignFlowEditForm({ mode, flow }: SignFlowEditFormProps) {
  const { t, i18n } = useTranslation();
  const config = useLoadedCommonConfig();
  const [initialValues] = useState(() => {
    const offered = expiryDateRangeOf(config).initial;
    return mode === 'new' || flow === undefined
      ? newFormValues(i18n.language, offered)
      : formValuesFromDetail(
          flow,
          mode === 'copy' ? 'copy' : 'edit',
          i18n.language,
          offered,
          (name) => t('signflow.edit.copyName', { name }),
        );
  });
  const form = useForm({
    defaultValues: initialValues,
    resolver: signFlowFormResolver,
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const notices = useNotices();
  const submit = useSignFlowSubmit({ form, mode, flow, notices, formRef });
  const files = useFileActions({ mode, flow, notices, submit });
  useUnsavedChanges(form.formState.isDirty);
  const [savingTemplate, setSavingTemplate] = useState(false);
  // A draft kept on the server can become a template (as last saved).
  const savedId = mode === 'edit' ? flow?.Guid : undefined;
  const busy = submit.saving || submit.sending || files.pendingName !== undefined;
  const progress = submit.sending
    ? t('signflow.edit.sending')
    : files.pendingName !== undefined
      ? t('signflow.edit.document.uploading', { name: files.pendingName })
      : submit.saving
        ? t('signflow.edit.saving')
        : '';

  return (
    <FormProvider {...form}>
      <Form
        ref={formRef}
        noValidate
        className="signflow-edit"
        data-testid="signflow-edit"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit.saveDraft();
        }}
      >
        <ErrorSummary items={submit.summary.items} summaryRef={submit.summary.summaryRef} />
        <div role="alert" className="signflow-edit__general">
          <NoticeList area="general" notices={notices.byArea.general} />
        </div>
        <fieldset className="signflow-edit__fields">
          <DocumentSection flow={flow} files={files} notices={notices} busy={busy} />
          <SignersSection notices={notices} />
        </fieldset>
        <div className="signflow-edit__actions">
          <Button type="submit" variant="outline-primary" disabled={busy} data-testid="save-draft">
            {t('signflow.edit.actions.saveAsDraft')}
          </Button>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => void submit.requestSend()}
            data-testid="send-to-sign"
          >
            {t('signflow.edit.actions.sendToSign')}
          </Button>
          {savedId !== undefined && (
            <Button
              variant="outline-secondary"
              disabled={busy || form.formState.isDirty}
              onClick={() => setSavingTemplate(true)}
              data-testid="save-as-template"
            >
              {t('templates.saveAs.button')}
            </Button>
          )}
          <span role="status" className="text-body-secondary">
            {progress}
          </span>
        </div>
      </Form>
      {savedId !== undefined && savingTemplate && (
        <SaveAsTemplateDialog
          flowId={savedId}
          flowName={form.getValues('Name')}
          show={savingTemplate}
          onHide={() => setSavingTemplate(false)}
        />
      )}
      <SendDialog
        show={submit.confirmingSend}
        name={form.getValues('Name')}
        sending={submit.saving || submit.sending}
        onConfirm={() => void submit.confirmSend()}
        onCancel={submit.cancelSend}
      />
    </FormProvider>
  );
}
