import type { AccountListItem } from '@esign/contract';
import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../api/accounts-api.ts';
import { AccountCreateForm } from '../components/account-create-form.tsx';
import { AccountList } from '../components/account-list.tsx';
import { RemoveAccountDialog } from '../components/remove-account-dialog.tsx';
import '../components/accounts.css';

/** User accounts (/accounts, administrators): add an account, see them all, remove others'. */
export function AccountsRoute() {
  const { t } = useTranslation();
  const listHeadingId = useId();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const accounts = useAccounts();
  const [removing, setRemoving] = useState<AccountListItem | null>(null);
  const [showRemove, setShowRemove] = useState(false);

  const handleRemoveExited = (removed: boolean) => {
    setRemoving(null);
    // The account's button is gone with it; the list's heading takes the focus.
    if (removed) listHeadingRef.current?.focus();
  };

  return (
    <>
      <h1>{t('accounts.title')}</h1>
      <p className="account-section mb-4">{t('accounts.intro')}</p>
      <AccountCreateForm />
      <section aria-labelledby={listHeadingId} className="mb-5 account-section">
        <h2 id={listHeadingId} ref={listHeadingRef} tabIndex={-1} className="h3">
          {t('accounts.listHeading')}
        </h2>
        {accounts.isPending ? (
          <Spinner animation="border" role="status" size="sm">
            <span className="visually-hidden">{t('common.loading')}</span>
          </Spinner>
        ) : accounts.isError ? (
          <Alert variant="danger">{t('dialogs.loadingFailed')}</Alert>
        ) : (
          <AccountList
            accounts={accounts.data}
            labelledBy={listHeadingId}
            onRemove={(account) => {
              setRemoving(account);
              setShowRemove(true);
            }}
          />
        )}
      </section>
      <RemoveAccountDialog
        account={removing}
        show={showRemove}
        onHide={() => setShowRemove(false)}
        onExited={handleRemoveExited}
      />
    </>
  );
}
