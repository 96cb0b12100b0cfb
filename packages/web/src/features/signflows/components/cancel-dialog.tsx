import { limits, type SignFlowListItem } from '@esign/contract';
import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useCancelSignFlow } from '../api/cancel-signflow.ts';
import { errorKeyOf } from '../utils/error-key-of.ts';

interface CancelDialogProps {
  flow: SignFlowListItem;
  show: boolean;
  onHide: () => void;
  onExited: () => void;
}

/** Asks for the comment and warns that cancelling voids signatures for good (SPEC §4). */
export function CancelDialog({ flow, show, onHide, onExited }: CancelDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const cancel = useCancelSignFlow();
  const [comment, setComment] = useState('');
  const titleId = useId();
  const commentId = useId();
  const warningId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    cancel.mutate(
      { signFlowId: flow.Guid, comment },
      {
        onSuccess: () => {
          showToast({ message: t('signflow.cancelDialog.done') });
          onHide();
        },
      },
    );
  };

  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={onExited}
      aria-labelledby={titleId}
      data-testid="cancel-dialog"
    >
      <form onSubmit={handleSubmit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('signflow.cancelDialog.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="fw-semibold text-break">{flow.Name}</p>
          <p id={warningId} className="alert alert-warning">
            {t('signflow.cancelDialog.warning')}
          </p>
          <label htmlFor={commentId} className="form-label">
            {t('signflow.cancelDialog.comment')}
          </label>
          <textarea
            id={commentId}
            className="form-control"
            rows={3}
            maxLength={limits.commentMaxLength}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            aria-describedby={warningId}
            data-testid="cancel-comment"
          />
          {cancel.isError && (
            <p role="alert" className="alert alert-danger mt-3 mb-0">
              {t(errorKeyOf(cancel.error))}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={onHide}>
            {t('signflow.cancelDialog.keep')}
          </button>
          <button
            type="submit"
            className="btn btn-danger"
            disabled={cancel.isPending}
            data-testid="cancel-confirm"
          >
            {t('signflow.cancelDialog.confirm')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
