import { Alert, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { LoginDetails } from '../api/built-in-login.ts';

interface DemoAccountsProps {
  accounts: LoginDetails['demoAccounts'];
  onChoose: (account: { email: string; password: string }) => void;
}

/** Says plainly that this is a demo, and lets the visitor fill in one of its accounts. */
export function DemoAccounts({ accounts, onChoose }: DemoAccountsProps) {
  const { t } = useTranslation();
  if (accounts.length === 0) return null;
  return (
    <Alert variant="info" data-testid="demo-accounts">
      <h2 className="h5">{t('idpLogin.demoTitle')}</h2>
      <p>{t('idpLogin.demoNotice')}</p>
      <Table size="sm" className="mb-0">
        <caption className="visually-hidden">{t('idpLogin.demoTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('idpLogin.email')}</th>
            <th scope="col">{t('idpLogin.password')}</th>
            <th scope="col">{t('idpLogin.role')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('idpLogin.use')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.email}>
              <td>{account.email}</td>
              <td>
                <code>{account.password}</code>
              </td>
              <td>{account.admin ? t('idpLogin.roleAdmin') : t('idpLogin.roleUser')}</td>
              <td>
                <Button
                  size="sm"
                  variant="outline-primary"
                  onClick={() => onChoose(account)}
                  aria-label={t('idpLogin.useAccount', { email: account.email })}
                >
                  {t('idpLogin.use')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Alert>
  );
}
