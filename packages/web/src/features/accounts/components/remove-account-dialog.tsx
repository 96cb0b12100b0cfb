import type { AccountListItem } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { RemoveDialog } from '../../../components/remove-dialog.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDeleteAccount } from '../api/accounts-api.ts';
import { accountFormMessageKey } from '../utils/account-messages.ts';

interface RemoveAccountDialogProps {
  /** The account asked about; kept while the dialog closes, so its address stays in the title. */
  account: AccountListItem | null;
  show: boolean;
  onHide: () => void;
  /** After the dialog has closed; removed tells whether the account is gone. */
  onExited: (removed: boolean) => void;
}

/** Confirms removing an account and says what follows; a refusal is shown inside. */
export function RemoveAccountDialog({ account, show, onHide, onExited }: RemoveAccountDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const remove = useDeleteAccount();
  const email = account?.Email ?? '';

  const handleConfirm = () => {
    if (account === null || remove.isPending) return;
    remove.mutate(account.Id, {
      onSuccess: () => {
        showToast({ message: t('accounts.removed', { email }) });
        onHide();
      },
    });
  };
  const handleExited = () => {
    onExited(remove.isSuccess);
    remove.reset();
  };

  const refusal = remove.isError ? accountFormMessageKey(remove.error) : null;
  return (
    <RemoveDialog
      show={show && account !== null}
      onHide={onHide}
      onExited={handleExited}
      onConfirm={handleConfirm}
      pending={remove.isPending}
      title={t('accounts.removeDialog.title', { email })}
      text={t('accounts.removeDialog.text')}
      confirmLabel={t('accounts.removeDialog.confirm')}
      error={
        refusal === null
          ? null
          : refusal === 'errors.unexpected'
            ? t('accounts.removeDialog.failed')
            : t(refusal)
      }
      testId="remove-account-dialog"
    />
  );
}
