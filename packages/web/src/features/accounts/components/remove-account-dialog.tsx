import type { AccountListItem } from '@esign/contract';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
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
  const titleId = useId();
  const textId = useId();
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

  return (
    <Modal
      show={show && account !== null}
      onHide={onHide}
      onExited={handleExited}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="remove-account-dialog"
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId} as="h2" className="h5 text-break">
          {t('accounts.removeDialog.title', { email })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={textId} className="mb-0">
          {t('accounts.removeDialog.text')}
        </p>
        {remove.isError && (
          <p role="alert" className="alert alert-danger mt-3 mb-0">
            {accountFormMessageKey(remove.error) === 'errors.unexpected'
              ? t('accounts.removeDialog.failed')
              : t(accountFormMessageKey(remove.error))}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={handleConfirm} aria-busy={remove.isPending}>
          {t('accounts.removeDialog.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
