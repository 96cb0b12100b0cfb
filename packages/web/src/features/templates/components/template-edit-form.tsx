import type { Template } from '@esign/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes-context.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/http.ts';
import { templateQueryOptions } from '../api/get-template.ts';
import { useSaveTemplate } from '../api/save-template.ts';
import { useCreateFlowFromTemplate } from '../api/use-template.ts';
import { TemplateFiles } from './template-files.tsx';
import {
  newTemplateValues,
  templateFormValues,
  toTemplateRequest,
  type TemplateFormValues,
} from './template-form-values.ts';
import { TemplateRoles } from './template-roles.tsx';
import { TemplateSettings } from './template-settings.tsx';

interface TemplateEditFormProps {
  /** The template being edited; none for a new one. */
  template: Template | undefined;
}

/**
 * The template editor: settings, roles and (once saved) files. A template the user may use
 * but not change shows read-only, with "Use template".
 */
export function TemplateEditForm({ template }: TemplateEditFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initial] = useState(() =>
    template === undefined ? newTemplateValues(i18n.language) : templateFormValues(template),
  );
  const form = useForm<TemplateFormValues>({ defaultValues: initial, shouldFocusError: true });
  const save = useSaveTemplate();
  const use = useCreateFlowFromTemplate();
  const [notice, setNotice] = useState<{ variant: 'success' | 'danger'; text: string } | null>(
    null,
  );
  const editable = template === undefined || template.CanEdit;
  useUnsavedChanges(form.formState.isDirty);

  const handleSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const saved = await save.mutateAsync({
        id: template?.Guid,
        request: toTemplateRequest(values, template?.Version),
      });
      form.reset(templateFormValues(saved));
      if (template === undefined) {
        // Loaded before moving (the form is then no longer marked unsaved, so the move is not
        // stopped), and the editor shows it at once at its own address.
        await queryClient.fetchQuery(templateQueryOptions(saved.Guid)).catch(() => undefined);
        void navigate(paths.templateEdit.getHref(saved.Guid), {
          replace: true,
          state: { saved: true },
        });
        return;
      }
      setNotice({ variant: 'success', text: t('templates.edit.saved') });
    } catch (error) {
      const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
      for (const issue of issues) {
        const types = Object.fromEntries(
          Object.entries(issue.params ?? {}).map(([name, value]) => [name, String(value)]),
        );
        form.setError(issue.path as keyof TemplateFormValues, {
          type: issue.key,
          message: issue.key,
          types,
        });
      }
      const key =
        error instanceof ApiError && error.status === 409
          ? 'templates.edit.changedMeanwhile'
          : issues.length > 0
            ? 'templates.edit.checkFields'
            : error instanceof ApiError
              ? error.key
              : 'errors.unexpected';
      setNotice({ variant: 'danger', text: t(key as 'errors.unexpected') });
    }
  });

  const handleUse = () => {
    if (!template) return;
    use.mutate(
      { id: template.Guid, request: {} },
      {
        onSuccess: (flow) => void navigate(paths.signFlowEdit.getHref(flow.Guid)),
        onError: (error) =>
          setNotice({
            variant: 'danger',
            text: t(
              (error instanceof ApiError ? error.key : 'errors.unexpected') as 'errors.unexpected',
            ),
          }),
      },
    );
  };

  return (
    <FormProvider {...form}>
      <div role="alert">
        {notice !== null && (
          <Alert variant={notice.variant} data-testid="template-notice">
            {notice.text}
          </Alert>
        )}
      </div>
      {!editable && <Alert variant="info">{t('templates.edit.readOnly')}</Alert>}
      <Form noValidate onSubmit={(event) => void handleSubmit(event)} data-testid="template-edit">
        <fieldset disabled={!editable || save.isPending}>
          <TemplateSettings isOwner={template === undefined || template.IsOwner} />
          <TemplateRoles />
        </fieldset>
        {template === undefined ? (
          <p className="text-body-secondary">{t('templates.edit.filesAfterSave')}</p>
        ) : (
          <TemplateFiles template={template} editable={editable} />
        )}
        <div className="d-flex flex-wrap gap-2 align-items-center">
          {editable && (
            <Button
              type="submit"
              variant="primary"
              disabled={save.isPending}
              data-testid="template-save"
            >
              {t('templates.edit.save')}
            </Button>
          )}
          {template !== undefined && (
            <Button
              variant={editable ? 'outline-primary' : 'primary'}
              disabled={use.isPending || form.formState.isDirty}
              onClick={handleUse}
              data-testid="template-use-here"
            >
              {t('templates.actions.use')}
            </Button>
          )}
          <span role="status" className="text-body-secondary">
            {save.isPending ? t('signflow.edit.saving') : ''}
          </span>
        </div>
      </Form>
    </FormProvider>
  );
}
