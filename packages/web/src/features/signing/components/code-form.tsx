import { codeLength, VerifyCodeRequest } from '@esign/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useVerifyCode } from '../api/verify-code.ts';
import { isSigningMessageKey, needsNewCode, signingMessageOf } from '../utils/signing-error.ts';
import { FormAlert } from './form-alert.tsx';

const ids = { code: 'signing-code', hint: 'signing-code-hint', error: 'signing-code-error' };

interface CodeFormProps {
  token: string;
  onSendNewCode: () => void;
  sendingNewCode: boolean;
}

/** The one-time code field; a refused code says why and, when it is used up, offers a new one. */
export function CodeForm({ token, onSendNewCode, sendingNewCode }: CodeFormProps) {
  const { t } = useTranslation();
  const verify = useVerifyCode(token);
  const form = useForm<z.input<typeof VerifyCodeRequest>, unknown, VerifyCodeRequest>({
    resolver: zodResolver(VerifyCodeRequest),
    defaultValues: { Code: '' },
  });
  const fieldError = form.formState.errors.Code?.message;
  const failure = verify.isError ? signingMessageOf(verify.error) : null;
  const handleSubmit = form.handleSubmit((request) =>
    verify.mutate(request, { onError: () => form.setFocus('Code', { shouldSelect: true }) }),
  );

  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(event)} className="signing-code-form">
      <Form.Label htmlFor={ids.code}>{t('signing.identify.codeLabel')}</Form.Label>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <Form.Control
          id={ids.code}
          className="signing-code-form__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-required="true"
          isInvalid={fieldError !== undefined}
          aria-invalid={fieldError !== undefined}
          aria-describedby={fieldError === undefined ? ids.hint : `${ids.error} ${ids.hint}`}
          data-testid="signing-code"
          {...form.register('Code')}
        />
        <Button type="submit" disabled={verify.isPending} data-testid="signing-verify-code">
          {verify.isPending ? t('signing.identify.verifying') : t('signing.identify.verify')}
        </Button>
      </div>
      <div id={ids.hint} className="form-text">
        {t('signing.identify.codeHint', { length: codeLength })}
      </div>
      {fieldError !== undefined && isSigningMessageKey(fieldError) && (
        <div id={ids.error} className="invalid-feedback d-block" role="alert">
          {t(fieldError)}
        </div>
      )}
      <FormAlert message={failure} testId="signing-code-error">
        {needsNewCode(failure) && (
          <div className="mt-2">
            <Button
              variant="danger"
              size="sm"
              onClick={() => {
                verify.reset();
                form.reset();
                onSendNewCode();
              }}
              disabled={sendingNewCode}
            >
              {t('signing.identify.sendNewCode')}
            </Button>
          </div>
        )}
      </FormAlert>
    </Form>
  );
}
