import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface SendDialogProps {
  show: boolean;
  name: string;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks once more before a flow goes to its signers: after that it can no longer be edited. */
export function SendDialog({ show, name, sending, onConfirm, onCancel }: SendDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      show={show}
      onHide={sending ? undefined : onCancel}
      aria-labelledby="send-dialog-title"
      centered
    >
      <Modal.Header closeButton={!sending} closeLabel={t('common.close')}>
        <Modal.Title id="send-dialog-title" as="h2" className="h5">
          {t('signflow.edit.sendDialog.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('signflow.edit.sendDialog.text', { name: name.trim() })}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          {t('common.cancel')}
        </Button>
        <Button variant="primary" onClick={onConfirm} disabled={sending} data-testid="confirm-send">
          {sending ? t('signflow.edit.sending') : t('signflow.edit.sendDialog.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
