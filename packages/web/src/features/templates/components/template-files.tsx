import type { Template } from '@esign/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../../components/file-drop-zone/file-drop-zone.tsx';
import { ApiError } from '../../../lib/http.ts';
import {
  templateFileUrl,
  useDeleteTemplateFile,
  useUploadTemplateFile,
  type TemplateFileKind,
} from '../api/template-files.ts';

/** The message for a refused upload or removal: the field issue's, else the call's. */
function useProblemText() {
  const { t } = useTranslation();
  return (name: string, error: unknown) => {
    const issue = error instanceof ApiError ? error.body?.issues?.[0] : undefined;
    const key = issue?.key ?? (error instanceof ApiError ? error.key : 'errors.unexpected');
    const message: string = t(key as 'validation.invalidValue', issue?.params ?? {});
    return t('signflow.edit.fileProblem', { name, message });
  };
}

interface TemplateFilesProps {
  template: Template;
  editable: boolean;
}

/** The template's file to sign and attachments: copied into every flow made of it. */
export function TemplateFiles({ template, editable }: TemplateFilesProps) {
  const { t } = useTranslation();
  const upload = useUploadTemplateFile();
  const remove = useDeleteTemplateFile();
  const problemText = useProblemText();
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const add = async (kind: TemplateFileKind, files: File[]) => {
    setProblem(null);
    for (const file of files) {
      setStatus(t('signflow.edit.document.uploading', { name: file.name }));
      try {
        await upload.mutateAsync({ id: template.Guid, kind, file });
        setStatus(t('templates.edit.fileAdded', { name: file.name }));
      } catch (error) {
        setStatus('');
        setProblem(problemText(file.name, error));
        break;
      }
    }
  };
  const drop = (kind: TemplateFileKind, fileId: string, name: string) => {
    setProblem(null);
    remove.mutate(
      { id: template.Guid, kind, fileId },
      {
        onSuccess: () => setStatus(t('templates.edit.fileRemoved', { name })),
        onError: (error) => setProblem(problemText(name, error)),
      },
    );
  };
  const busy = upload.isPending || remove.isPending;
  const fileRow = (kind: TemplateFileKind, file: { Guid: string; FileName: string }) => (
    <li key={file.Guid} data-testid={`template-${kind}-row`}>
      <a href={templateFileUrl(template.Guid, file.Guid)} download className="text-break">
        {file.FileName}
      </a>
      {editable && (
        <Button
          variant="outline-danger"
          size="sm"
          disabled={busy}
          onClick={() => drop(kind, file.Guid, file.FileName)}
        >
          {t('common.remove')}
          <span className="visually-hidden">: {file.FileName}</span>
        </Button>
      )}
    </li>
  );

  return (
    <section className="template-section" aria-labelledby="template-files-heading">
      <h2 id="template-files-heading" className="h4">
        {t('signflow.edit.document.heading')}
      </h2>
      {problem !== null && (
        <Alert variant="danger" role="alert" data-testid="template-file-problem">
          {problem}
        </Alert>
      )}
      <h3 className="h6">{t('signflow.edit.document.fileToSign')}</h3>
      {template.SignFileInfo === null ? (
        <p>{t('signflow.edit.document.noFile')}</p>
      ) : (
        <ul className="template-files list-unstyled">
          {fileRow('signfile', template.SignFileInfo)}
        </ul>
      )}
      {editable && (
        <div className="mb-3">
          <FileDropZone
            hint={t('signflow.edit.document.dropFile')}
            buttonLabel={
              template.SignFileInfo === null
                ? t('signflow.edit.actions.addFile')
                : t('signflow.edit.actions.replaceFile')
            }
            accept="application/pdf,.pdf"
            disabled={busy}
            inputTestId="template-signfile-input"
            onFiles={(files) => void add('signfile', files.slice(0, 1))}
          />
        </div>
      )}
      <h3 className="h6">{t('signflow.edit.document.attachments')}</h3>
      {template.AttachmentInfo.length === 0 ? (
        <p>{t('signflow.edit.document.noAttachments')}</p>
      ) : (
        <ul className="template-files list-unstyled">
          {template.AttachmentInfo.map((file) => fileRow('attachment', file))}
        </ul>
      )}
      {editable && (
        <div className="mb-3">
          <FileDropZone
            hint={t('signflow.edit.document.dropAttachments')}
            buttonLabel={t('signflow.edit.actions.addAttachments')}
            accept=""
            multiple
            disabled={busy}
            inputTestId="template-attachment-input"
            onFiles={(files) => void add('attachment', files)}
          />
        </div>
      )}
      <p role="status" className="small text-body-secondary mb-0">
        {status}
      </p>
    </section>
  );
}
