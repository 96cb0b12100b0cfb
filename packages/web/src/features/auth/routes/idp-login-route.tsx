import { errorKeys } from '@esign/contract';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { externalLoginUrl } from '../../../lib/auth-urls.ts';
import { ApiError } from '../../../lib/http.ts';
import { useLoginDetails, useSubmitLogin } from '../api/built-in-login.ts';
import { DemoAccounts } from '../components/demo-accounts.tsx';

/** The server's message key for a failed call, so the user reads why (wrong password, too many tries). */
function errorKeyOf(error: unknown): string {
  if (error instanceof ApiError) return error.body?.key ?? error.key;
  return errorKeys.unexpected;
}

/** The built-in provider's login form: e-mail and password, in the user's language. */
export function IdpLoginRoute() {
  const { t } = useTranslation();
  const uid = useParams().uid ?? '';
  const details = useLoginDetails(uid);
  const login = useSubmitLogin(uid);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password });
  };
  const errorKey = login.error
    ? errorKeyOf(login.error)
    : details.error
      ? errorKeyOf(details.error)
      : null;
  const expired = errorKey === errorKeys.loginExpired;

  return (
    <div className="login-form mx-auto">
      <h1>{t('idpLogin.title')}</h1>
      {errorKey !== null && (
        <Alert variant="danger" role="alert" data-testid="login-error">
          {t(errorKey as 'errors.unexpected')}{' '}
          {expired && <a href={externalLoginUrl('/')}>{t('idpLogin.startAgain')}</a>}
        </Alert>
      )}
      {!expired && (
        <Form onSubmit={handleSubmit} noValidate>
          <Form.Group className="mb-3" controlId="login-email">
            <Form.Label>{t('idpLogin.email')}</Form.Label>
            <Form.Control
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="login-password">
            <Form.Label>{t('idpLogin.password')}</Form.Label>
            <Form.Control
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Form.Group>
          <Button type="submit" disabled={login.isPending || login.isSuccess}>
            {t('idpLogin.submit')}
          </Button>
        </Form>
      )}
      {details.data && (
        <div className="mt-4">
          <DemoAccounts
            accounts={details.data.demoAccounts}
            onChoose={(account) => {
              setEmail(account.email);
              setPassword(account.password);
            }}
          />
        </div>
      )}
    </div>
  );
}
