import type { SignFlowListItem } from '@esign/contract';
import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDeleteSignFlow } from '../api/delete-signflow.ts';
import { errorKeyOf } from '../utils/error-key-of.ts';

interface DeleteDialogProps {
  flow: SignFlowListItem;
  show: boolean;
  onHide: () => void;
  onExited: () => void;
}

/** Confirms deleting a draft or an ended flow, which cannot be undone. */
export function DeleteDialog({ flow, show, onHide, onExited }: DeleteDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const remove = useDeleteSignFlow();
  const titleId = useId();

  const handleConfirm = () => {
    remove.mutate(flow.Guid, {
      onSuccess: () => {
        showToast({ message: t('signflow.deleteDialog.done') });
        onHide();
      },
    });
  };

  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={onExited}
      aria-labelledby={titleId}
      data-testid="delete-dialog"
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('signflow.deleteDialog.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-break mb-0">{t('signflow.deleteDialog.text', { name: flow.Name })}</p>
        {remove.isError && (
          <p role="alert" className="alert alert-danger mt-3 mb-0">
            {t(errorKeyOf(remove.error))}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onHide}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={handleConfirm}
          disabled={remove.isPending}
          data-testid="delete-confirm"
        >
          {t('signflow.deleteDialog.confirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
