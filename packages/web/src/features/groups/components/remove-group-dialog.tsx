import type { GroupListItem } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { RemoveDialog } from '../../../components/remove-dialog.tsx';
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
    <RemoveDialog
      show={show && group !== null}
      onHide={onHide}
      onExited={handleExited}
      onConfirm={handleConfirm}
      pending={remove.isPending}
      title={t('groups.removeDialog.title', { name })}
      text={t('groups.removeDialog.text')}
      confirmLabel={t('groups.removeDialog.confirm')}
      error={remove.isError ? t('groups.removeDialog.failed') : null}
      testId="remove-group-dialog"
    />
  );
}
