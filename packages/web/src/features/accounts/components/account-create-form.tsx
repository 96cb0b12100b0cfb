import { CreateAccountRequest, passwordPolicy } from '@esign/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useCreateAccount } from '../api/accounts-api.ts';
import { useAccountFormMessages } from '../hooks/use-account-form-messages.ts';
import { AccountField } from './account-field.tsx';

type NewAccountForm = z.input<typeof CreateAccountRequest>;
type FieldName = 'Email' | 'DisplayName' | 'Title' | 'Organisation' | 'Password';
const fieldNames: FieldName[] = ['Email', 'DisplayName', 'Title', 'Organisation', 'Password'];
const empty: NewAccountForm = {
  Email: '',
  DisplayName: '',
  Title: '',
  Organisation: '',
  IsAdmin: false,
  Password: '',
};

/**
 * 'Add an account': e-mail address, name, optional title and organisation, administrator or
 * not, and the initial password the administrator hands to the person. Checked here as the
 * server checks it; a taken address comes back to its field.
 */
export function AccountCreateForm() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const headingId = useId();
  const adminHelpId = useId();
  const create = useCreateAccount();
  const form = useForm<NewAccountForm, unknown, z.output<typeof CreateAccountRequest>>({
    resolver: zodResolver(CreateAccountRequest),
    defaultValues: empty,
  });
  const { errorOf, showFieldIssues, formError } = useAccountFormMessages(form, create, fieldNames);

  const handleSubmit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: (account) => {
        showToast({ message: t('accounts.created', { email: account.Email }) });
        form.reset(empty);
        form.setFocus('Email');
      },
      onError: showFieldIssues,
    });
  });

  return (
    <section aria-labelledby={headingId} className="mb-5 account-section">
      <h2 id={headingId} className="h3">
        {t('accounts.addHeading')}
      </h2>
      <Form noValidate onSubmit={(event) => void handleSubmit(event)} data-testid="account-create">
        <AccountField
          label={t('accounts.email')}
          type="email"
          autoComplete="off"
          required
          registration={form.register('Email')}
          error={errorOf('Email')}
        />
        <AccountField
          label={t('accounts.displayName')}
          autoComplete="off"
          required
          registration={form.register('DisplayName')}
          error={errorOf('DisplayName')}
        />
        <AccountField
          label={t('accounts.jobTitle')}
          autoComplete="off"
          registration={form.register('Title')}
          error={errorOf('Title')}
        />
        <AccountField
          label={t('accounts.organisation')}
          autoComplete="off"
          hint={t('accounts.organisationHelp')}
          registration={form.register('Organisation')}
          error={errorOf('Organisation')}
        />
        <Form.Group className="mb-3">
          <Form.Check
            type="checkbox"
            id={`${headingId}-admin`}
            label={t('accounts.isAdmin')}
            aria-describedby={adminHelpId}
            {...form.register('IsAdmin')}
          />
          <Form.Text id={adminHelpId} className="d-block">
            {t('accounts.isAdminHelp')}
          </Form.Text>
        </Form.Group>
        <AccountField
          label={t('accounts.initialPassword')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('accounts.initialPasswordRule', { n: passwordPolicy.minLength })}
          registration={form.register('Password')}
          error={errorOf('Password')}
        />
        {formError !== undefined && (
          <Alert variant="danger" role="alert">
            {formError}
          </Alert>
        )}
        <Button type="submit" aria-busy={create.isPending}>
          {t('accounts.create')}
        </Button>
      </Form>
    </section>
  );
}
