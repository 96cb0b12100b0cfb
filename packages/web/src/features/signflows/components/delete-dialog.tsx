import type { SignFlowListItem } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDeleteSignFlow } from '../api/delete-signflow.ts';
import { errorKeyOf } from '../utils/error-key-of.ts';
import { DialogError, ListDialog } from './list-dialog.tsx';

interface DeleteDialogProps {
  flow: Pick<SignFlowListItem, 'Guid' | 'Name'>;
  show: boolean;
  onHide: () => void;
  onExited: () => void;
  /** After the flow is deleted (the flow page leaves for the list). */
  onDeleted?: () => void;
}

/** Confirms deleting a draft or an ended flow, which cannot be undone. */
export function DeleteDialog({ flow, show, onHide, onExited, onDeleted }: DeleteDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const remove = useDeleteSignFlow();

  const handleConfirm = () => {
    remove.mutate(flow.Guid, {
      onSuccess: () => {
        showToast({ message: t('signflow.deleteDialog.done') });
        onHide();
        onDeleted?.();
      },
    });
  };

  return (
    <ListDialog
      show={show}
      onHide={onHide}
      onExited={onExited}
      title={t('signflow.deleteDialog.title')}
      testId="delete-dialog"
      dismissLabel={t('common.cancel')}
      action={
        <button
          type="button"
          className="btn btn-danger"
          onClick={handleConfirm}
          disabled={remove.isPending}
          data-testid="delete-confirm"
        >
          {t('signflow.deleteDialog.confirm')}
        </button>
      }
    >
      <p className="text-break mb-0">{t('signflow.deleteDialog.text', { name: flow.Name })}</p>
      <DialogError message={remove.isError ? t(errorKeyOf(remove.error)) : null} />
    </ListDialog>
  );
}
