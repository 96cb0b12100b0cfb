import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { LoginDetails } from '../api/built-in-login.ts';

interface DemoAccountsProps {
  accounts: LoginDetails['demoAccounts'];
  onChoose: (account: { email: string; password: string }) => void;
}

/**
 * Says plainly that this is a demo, and lets the visitor fill in one of its accounts: one
 * line an account that wraps on a phone instead of a table wider than the screen.
 */
export function DemoAccounts({ accounts, onChoose }: DemoAccountsProps) {
  const { t } = useTranslation();
  if (accounts.length === 0) return null;
  return (
    <Alert variant="info" data-testid="demo-accounts">
      <h2 className="h5">{t('idpLogin.demoTitle')}</h2>
      <p>{t('idpLogin.demoNotice')}</p>
      <ul className="list-unstyled mb-0" aria-label={t('idpLogin.demoTitle')}>
        {accounts.map((account) => (
          <li
            key={account.email}
            className="d-flex align-items-center gap-2 p-2 mt-2 bg-body rounded"
          >
            <div className="flex-grow-1" style={{ minWidth: 0 }}>
              <div className="fw-semibold text-break">{account.email}</div>
              <div className="small">
                {t('idpLogin.password')}: <code>{account.password}</code> ·{' '}
                {account.admin ? t('idpLogin.roleAdmin') : t('idpLogin.roleUser')}
              </div>
            </div>
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => onChoose(account)}
              aria-label={t('idpLogin.useAccount', { email: account.email })}
            >
              {t('idpLogin.use')}
            </Button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
