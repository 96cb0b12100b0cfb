import type { AccountListItem } from '@esign/contract';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/common-config.ts';
import { formatAccountDate } from '../utils/format-date.ts';

interface AccountListProps {
  accounts: AccountListItem[];
  labelledBy: string;
  onRemove: (account: AccountListItem) => void;
}

/** The built-in accounts: who, what they are, when made; others' can be removed. */
export function AccountList({ accounts, labelledBy, onRemove }: AccountListProps) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  return (
    <ul className="list-group" aria-labelledby={labelledBy} data-testid="account-list">
      {accounts.map((account) => {
        const details = [account.Title, account.Organisation].filter(Boolean).join(', ');
        const removable = !account.IsCurrentUser && !account.IsDemo;
        return (
          <li key={account.Id} className="list-group-item account-list__item">
            <div className="account-list__who">
              <div className="fw-semibold">
                {account.DisplayName}{' '}
                {account.IsAdmin && (
                  <span className="badge text-bg-primary me-1">{t('accounts.administrator')}</span>
                )}
                {account.IsDemo && (
                  <span className="badge text-bg-secondary me-1">{t('accounts.demo')}</span>
                )}
                {account.IsCurrentUser && (
                  <span className="badge text-bg-success me-1">{t('accounts.you')}</span>
                )}
              </div>
              <div>{account.Email}</div>
              {details !== '' && <div className="text-body-secondary">{details}</div>}
              <div className="text-body-secondary small">
                {t('accounts.createdOn', {
                  date: formatAccountDate(account.CreationDate, i18n.language, timeZone),
                })}
              </div>
            </div>
            {removable && (
              <Button
                variant="outline-danger"
                size="sm"
                aria-label={t('accounts.removeNamed', { email: account.Email })}
                onClick={() => onRemove(account)}
              >
                {t('accounts.remove')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
