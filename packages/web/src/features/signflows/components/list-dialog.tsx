import { useId, type FormEvent, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface ListDialogProps {
  show: boolean;
  onHide: () => void;
  onExited: () => void;
  title: string;
  testId: string;
  /** The label of the button that closes without acting. */
  dismissLabel: string;
  /** The acting button (type submit when onSubmit is given). */
  action: ReactNode;
  /** Makes the dialog a form, so Enter in a field acts. */
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}

/** The shell every row-action dialog of the list shares: labelled title, body, dismiss and act. */
export function ListDialog(props: ListDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const content = (
    <>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {props.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{props.children}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={props.onHide}>
          {props.dismissLabel}
        </button>
        {props.action}
      </Modal.Footer>
    </>
  );
  return (
    <Modal
      show={props.show}
      onHide={props.onHide}
      onExited={props.onExited}
      aria-labelledby={titleId}
      data-testid={props.testId}
    >
      {props.onSubmit ? <form onSubmit={props.onSubmit}>{content}</form> : content}
    </Modal>
  );
}

/** A failed call's message inside a dialog, announced to assistive technology. */
export function DialogError({
  message,
  className = 'mt-3 mb-0',
}: {
  message: string | null;
  className?: string;
}) {
  if (message === null) return null;
  return (
    <p role="alert" className={`alert alert-danger ${className}`}>
      {message}
    </p>
  );
}
