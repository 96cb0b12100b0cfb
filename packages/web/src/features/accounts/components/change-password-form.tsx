import { ChangePasswordRequest, passwordPolicy } from '@esign/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useChangePassword } from '../api/accounts-api.ts';
import { useAccountFormMessages } from '../hooks/use-account-form-messages.ts';
import { AccountField } from './account-field.tsx';

const PasswordChange = ChangePasswordRequest.extend({ ConfirmPassword: z.string() })
  .refine((values) => values.NewPassword !== values.CurrentPassword, {
    path: ['NewPassword'],
    message: 'accounts.errors.passwordUnchanged',
  })
  .refine((values) => values.ConfirmPassword === values.NewPassword, {
    path: ['ConfirmPassword'],
    message: 'account.confirmMismatch',
  });
type PasswordChange = z.infer<typeof PasswordChange>;
type FieldName = keyof PasswordChange;
const fieldNames: FieldName[] = ['CurrentPassword', 'NewPassword', 'ConfirmPassword'];

/**
 * 'Change password': the current one, the new one twice. The rule is checked here as the
 * server checks it; what only the server knows (a wrong current password) comes back to its
 * field. On success a toast says so and the form is emptied.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const headingId = useId();
  const change = useChangePassword();
  const form = useForm<PasswordChange>({
    resolver: zodResolver(PasswordChange),
    defaultValues: { CurrentPassword: '', NewPassword: '', ConfirmPassword: '' },
  });
  const { errorOf, showFieldIssues, formError } = useAccountFormMessages(form, change, fieldNames);

  const handleSubmit = form.handleSubmit(({ CurrentPassword, NewPassword }) => {
    if (change.isPending) return;
    change.mutate(
      { CurrentPassword, NewPassword },
      {
        onSuccess: () => {
          showToast({ message: t('account.changed') });
          form.reset();
        },
        onError: showFieldIssues,
      },
    );
  });

  return (
    <section aria-labelledby={headingId} className="mb-5 account-section">
      <h2 id={headingId} className="h3">
        {t('account.changePassword')}
      </h2>
      <p className="text-body-secondary">{t('account.signsOutElsewhere')}</p>
      <Form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <AccountField
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          registration={form.register('CurrentPassword', { onChange: () => change.reset() })}
          error={errorOf('CurrentPassword')}
        />
        <AccountField
          label={t('account.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('account.passwordRule', { n: passwordPolicy.minLength })}
          registration={form.register('NewPassword')}
          error={errorOf('NewPassword')}
        />
        <AccountField
          label={t('account.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          registration={form.register('ConfirmPassword')}
          error={errorOf('ConfirmPassword')}
        />
        {formError !== undefined && (
          <Alert variant="danger" role="alert">
            {formError}
          </Alert>
        )}
        {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
        <Button type="submit" aria-busy={change.isPending}>
          {t('account.changePassword')}
        </Button>
      </Form>
    </section>
  );
}
