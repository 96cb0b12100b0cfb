import { languageOf } from '@esign/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FileDropZone } from '../../../components/file-drop-zone/file-drop-zone.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/http.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useCheckBulkFile } from '../api/check-bulk-file.ts';
import { useBulkTemplate } from '../api/get-bulk-template.ts';
import { useSendBatch } from '../api/send-batch.ts';
import { BulkProblems } from '../components/bulk-problems.tsx';
import '../components/bulk-send.css';
import { csvTemplateOf } from '../utils/bulk-messages.ts';

/**
 * Send in bulk (/templates/:templateId/bulk): the CSV template to download, the file to
 * check, its problems by row and column or the rows ready, and the confirmation that sends.
 */
export function BulkSendRoute() {
  const { t, i18n } = useTranslation();
  const templateId = useParams().templateId ?? '';
  const template = useBulkTemplate(templateId);
  const check = useCheckBulkFile();
  const send = useSendBatch();
  const navigate = useNavigate();
  const fileId = useId();
  const fileHelpId = useId();
  const resultId = useId();
  const resultRef = useRef<HTMLHeadingElement>(null);
  const confirmTitleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const result = check.data;
  const clean = result !== undefined && result.Problems.length === 0;

  const handleDownload = () => {
    if (!template.data) return;
    const language = languageOf(i18n.language);
    saveFile(csvTemplateOf(template.data.Roles, language), `${template.data.Name}.csv`);
  };
  const handleCheck = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    check.mutate(
      { templateId, file },
      { onSuccess: () => requestAnimationFrame(() => resultRef.current?.focus()) },
    );
  };
  const handleSend = () => {
    if (!result) return;
    send.mutate(result.BatchId, {
      onSuccess: () => void navigate(paths.batch.getHref(result.BatchId)),
    });
  };

  if (template.isPending) return <p role="status">{t('common.loading')}</p>;
  if (template.isError)
    return (
      <Alert variant="danger">
        {template.error instanceof ApiError && template.error.status === 404
          ? t('errors.notFound')
          : t('dialogs.loadingFailed')}
      </Alert>
    );
  return (
    <div className="bulk-steps">
      <h1>{t('bulk.title')}</h1>
      <p className="lead">{t('bulk.templateName', { name: template.data.Name })}</p>
      <p>{t('bulk.intro')}</p>
      <section className="mb-4">
        <h2 className="h4">{t('bulk.step1')}</h2>
        <p>{t('bulk.csvHelp', { roles: template.data.Roles.join(', ') })}</p>
        <Button variant="outline-primary" onClick={handleDownload} data-testid="bulk-download">
          {t('bulk.downloadTemplate')}
        </Button>
      </section>
      <section className="mb-4">
        <h2 className="h4">{t('bulk.step2')}</h2>
        <Form onSubmit={handleCheck}>
          <div className="mb-3" role="group" aria-labelledby={fileId}>
            <div id={fileId} className="form-label">
              {t('bulk.file')}
            </div>
            <FileDropZone
              hint={t('bulk.dropFile')}
              buttonLabel={t('bulk.chooseFile')}
              accept=".csv,text/csv"
              inputTestId="bulk-file"
              describedBy={fileHelpId}
              onFiles={(picked) => {
                setFile(picked[0] ?? null);
                check.reset();
              }}
            >
              {file !== null && (
                <p className="mb-2 text-break" data-testid="bulk-file-name">
                  {t('bulk.chosenFile', { name: file.name })}
                </p>
              )}
            </FileDropZone>
            <Form.Text id={fileHelpId}>
              {t('bulk.fileHelp', { max: template.data.MaxRows })}
            </Form.Text>
          </div>
          <Button type="submit" disabled={!file || check.isPending} data-testid="bulk-check">
            {check.isPending ? t('bulk.checking') : t('bulk.check')}
          </Button>
        </Form>
      </section>
      {check.isError && (
        <Alert variant="danger" data-testid="bulk-check-failed">
          {t('bulk.checkFailed')}
        </Alert>
      )}
      {result && (
        <section aria-live="polite">
          <h2 id={resultId} ref={resultRef} tabIndex={-1} className="h4">
            {clean
              ? t('bulk.ready', { count: result.Rows })
              : t('bulk.problemsFound', { count: result.Problems.length })}
          </h2>
          {clean ? (
            <Button onClick={() => setConfirming(true)} data-testid="bulk-send">
              {t('bulk.send', { count: result.Rows })}
            </Button>
          ) : (
            <>
              <p>{t('bulk.fixAndRetry')}</p>
              <BulkProblems problems={result.Problems} labelledBy={resultId} />
            </>
          )}
        </section>
      )}
      <p className="mt-4">
        <Link to={paths.home.getHref()}>{t('bulk.backToList')}</Link>
      </p>
      <Modal
        show={confirming}
        onHide={() => setConfirming(false)}
        centered
        aria-labelledby={confirmTitleId}
      >
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title as="h2" className="h5" id={confirmTitleId}>
            {t('bulk.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('bulk.confirmText', { count: result?.Rows ?? 0 })}</p>
          {send.isError && <Alert variant="danger">{t('dialogs.sendingFailed')}</Alert>}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={handleSend} disabled={send.isPending} data-testid="bulk-confirm">
            {t('bulk.send', { count: result?.Rows ?? 0 })}
          </Button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
