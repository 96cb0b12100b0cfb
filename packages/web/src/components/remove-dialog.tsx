import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface RemoveDialogProps {
  show: boolean;
  onHide: () => void;
  onExited: () => void;
  onConfirm: () => void;
  pending: boolean;
  title: string;
  /** What follows from the removal, read with the title. */
  text: string;
  confirmLabel: string;
  /** Why the removal was refused, shown inside; null while there is no refusal. */
  error: string | null;
  testId: string;
}

/** Asks before something is removed and says what follows; focus stays inside while open. */
export function RemoveDialog(props: RemoveDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Modal
      show={props.show}
      onHide={props.onHide}
      onExited={props.onExited}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid={props.testId}
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId} as="h2" className="h5 text-break">
          {props.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={textId} className="mb-0">
          {props.text}
        </p>
        {props.error !== null && (
          <p role="alert" className="alert alert-danger mt-3 mb-0">
            {props.error}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onHide}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={props.onConfirm} aria-busy={props.pending}>
          {props.confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
