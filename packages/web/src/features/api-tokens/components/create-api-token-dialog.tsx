import type { CreatedApiToken } from '@esign/contract';
import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { CreateApiTokenForm } from './create-api-token-form.tsx';
import { ShownApiToken } from './shown-api-token.tsx';

interface CreateApiTokenDialogProps {
  show: boolean;
  maxDays: number;
  isAdmin: boolean;
  onHide: () => void;
  onExited: () => void;
}

/** Creates a token, then shows it once; closing forgets it (it is never fetched again). */
export function CreateApiTokenDialog(props: CreateApiTokenDialogProps) {
  const titleId = useId();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
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
      // A click beside the shown token must not lose it before it is copied.
      backdrop={created === null ? true : 'static'}
      data-testid="api-token-dialog"
    >
      {created === null ? (
        <CreateApiTokenForm
          titleId={titleId}
          maxDays={props.maxDays}
          isAdmin={props.isAdmin}
          onCancel={props.onHide}
          onCreated={setCreated}
        />
      ) : (
        <ShownApiToken titleId={titleId} created={created} onDone={props.onHide} />
      )}
    </Modal>
  );
}
