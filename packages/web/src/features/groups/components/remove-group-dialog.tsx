import type { GroupListItem } from '@esign/contract';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDeleteUserGroup } from '../api/delete-user-group.ts';

interface RemoveGroupDialogProps {
  /** The group asked about; kept while the dialog closes, so its name stays in the title. */
  group: GroupListItem | null;
  show: boolean;
  onHide: () => void;
  /** After the dialog has closed; removed tells whether the group is gone. */
  onExited: (removed: boolean) => void;
}

/** Confirms removing a group and says what becomes of its flows; focus stays inside while open. */
export function RemoveGroupDialog({ group, show, onHide, onExited }: RemoveGroupDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const titleId = useId();
  const textId = useId();
  const remove = useDeleteUserGroup();
  const name = group?.Name ?? '';

  const handleConfirm = () => {
    if (group === null || remove.isPending) return;
    remove.mutate(group.Id, {
      onSuccess: () => {
        showToast({ message: t('groups.removed', { name }) });
        onHide();
      },
    });
  };
  const handleExited = () => {
    onExited(remove.isSuccess);
    remove.reset();
  };

  return (
    <Modal
      show={show && group !== null}
      onHide={onHide}
      onExited={handleExited}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="remove-group-dialog"
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId} as="h2" className="h5 text-break">
          {t('groups.removeDialog.title', { name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={textId} className="mb-0">
          {t('groups.removeDialog.text')}
        </p>
        {remove.isError && (
          <p role="alert" className="alert alert-danger mt-3 mb-0">
            {t('groups.removeDialog.failed')}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={handleConfirm} aria-busy={remove.isPending}>
          {t('groups.removeDialog.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
