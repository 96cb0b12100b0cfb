import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/http.ts';
import { useSaveFlowAsTemplate } from '../../templates/api/save-flow-as-template.ts';

interface SaveAsTemplateDialogProps {
  flowId: string;
  flowName: string;
  show: boolean;
  onHide: () => void;
}

/** Keeps the flow (as last saved) as a private template, then opens it in the editor. */
export function SaveAsTemplateDialog({
  flowId,
  flowName,
  show,
  onHide,
}: SaveAsTemplateDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const save = useSaveFlowAsTemplate();
  const [name, setName] = useState(flowName);
  const [keepSigners, setKeepSigners] = useState(true);
  const issue = save.error instanceof ApiError ? save.error.body?.issues?.[0] : undefined;
  const problem =
    issue?.path === 'Name'
      ? issue.key === 'validation.nameRequired'
        ? t('templates.edit.nameRequired')
        : t(issue.key as 'validation.invalidValue', issue.params ?? {})
      : undefined;
  const failure =
    save.isError && problem === undefined
      ? t(
          (save.error instanceof ApiError
            ? save.error.key
            : 'errors.unexpected') as 'errors.unexpected',
        )
      : undefined;

  return (
    <Modal
      show={show}
      onHide={onHide}
      aria-labelledby={titleId}
      data-testid="save-as-template-dialog"
    >
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { flowId, request: { Name: name, KeepSigners: keepSigners } },
            { onSuccess: (template) => void navigate(paths.templateEdit.getHref(template.Guid)) },
          );
        }}
      >
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('templates.saveAs.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('templates.saveAs.intro')}</p>
          {failure !== undefined && <Alert variant="danger">{failure}</Alert>}
          <Form.Group controlId="save-as-template-name" className="mb-3">
            <Form.Label>{t('templates.saveAs.name')}</Form.Label>
            <Form.Control
              value={name}
              onChange={(event) => setName(event.target.value)}
              isInvalid={problem !== undefined}
              aria-describedby={problem !== undefined ? 'save-as-template-name-error' : undefined}
              aria-required="true"
              data-testid="save-as-template-name"
            />
            {problem !== undefined && (
              <Form.Control.Feedback type="invalid" id="save-as-template-name-error">
                {problem}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <Form.Check
            type="checkbox"
            id="save-as-template-keep-signers"
            checked={keepSigners}
            onChange={(event) => setKeepSigners(event.target.checked)}
            label={t('templates.saveAs.keepSigners')}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="primary"
            disabled={save.isPending}
            data-testid="save-as-template-confirm"
          >
            {t('templates.saveAs.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
