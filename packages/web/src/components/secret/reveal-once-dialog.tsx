import { useId, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

interface RevealOnceDialogProps<Created> {
  show: boolean;
  onHide: () => void;
  onExited: () => void;
  testId: string;
  /** A wider dialog for a longer form. */
  size?: 'lg';
  /** The form, which calls onCreated with the answer that carries the secret. */
  form: (titleId: string, onCreated: (created: Created) => void) => ReactNode;
  /** The secret, shown once (ShownSecret). */
  shown: (titleId: string, created: Created) => ReactNode;
}

/**
 * Creates something with a secret, then shows the secret once; closing forgets it (it is never
 * fetched again).
 */
export function RevealOnceDialog<Created>(props: RevealOnceDialogProps<Created>) {
  const titleId = useId();
  const [created, setCreated] = useState<Created | null>(null);
  const handleExited = () => {
    setCreated(null);
    props.onExited();
  };
  return (
    <Modal
      show={props.show}
      onHide={props.onHide}
      onExited={handleExited}
      aria-labelledby={titleId}
      // A click beside the shown secret must not lose it before it is copied.
      backdrop={created === null ? true : 'static'}
      size={props.size}
      data-testid={props.testId}
    >
      {created === null ? props.form(titleId, setCreated) : props.shown(titleId, created)}
    </Modal>
  );
}
