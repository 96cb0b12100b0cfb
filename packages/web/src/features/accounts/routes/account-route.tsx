import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import '../components/accounts.css';

/** My account (/account): the signed-in built-in account changes its password. */
export function AccountRoute() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <h1>{t('account.title')}</h1>
      <p>{t('account.intro', { name: session?.DisplayName ?? '' })}</p>
      <ChangePasswordForm />
    </>
  );
}
