import { SignRequest } from '@esign/contract';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useSignDocument } from '../api/sign-document.ts';
import {
  isSigningMessageKey,
  signingMessageOf,
  signingValidationKeys,
  type SigningMessageKey,
} from '../utils/signing-error.ts';
import { FormAlert } from './form-alert.tsx';

/** The rejection dialog (a modal and a form) loads when the signer first chooses to reject. */
const RejectDialog = lazy(async () => ({
  default: (await import('./reject-dialog.tsx')).RejectDialog,
}));

const haveReadId = 'signing-have-read';
const haveReadErrorId = 'signing-have-read-error';

/** The signer's decision: confirm having read the document, then sign, or reject with a reason. */
export function SignActions({ token }: { token: string }) {
  const { t } = useTranslation();
  const sign = useSignDocument(token);
  const [haveRead, setHaveRead] = useState(false);
  const [readError, setReadError] = useState<SigningMessageKey | null>(null);
  const [rejecting, setRejecting] = useState(false);
  // Once opened the dialog stays mounted, so that closing it animates and gives focus back.
  const [rejectOpened, setRejectOpened] = useState(false);
  const redirecting = sign.isSuccess && sign.data.RedirectUrl !== null;
  const busy = sign.isPending || redirecting;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's own schema decides, so the page and the server ask the same.
    const request = SignRequest.safeParse({ HaveRead: haveRead });
    if (!request.success) {
      const message = request.error.issues[0]?.message ?? '';
      setReadError(isSigningMessageKey(message) ? message : signingValidationKeys.mustRead);
      document.getElementById(haveReadId)?.focus();
      return;
    }
    sign.mutate(request.data);
  };

  return (
    <section aria-labelledby="signing-sign-heading" className="signing-actions">
      <h2 id="signing-sign-heading" className="h4">
        {t('signing.sign.heading')}
      </h2>
      <Form noValidate onSubmit={handleSubmit}>
        <Form.Check
          id={haveReadId}
          className="signing-actions__check"
          label={t('signing.sign.haveRead')}
          checked={haveRead}
          isInvalid={readError !== null}
          aria-invalid={readError !== null}
          aria-describedby={readError !== null ? haveReadErrorId : undefined}
          aria-required="true"
          onChange={(event) => {
            setHaveRead(event.target.checked);
            setReadError(null);
          }}
          data-testid={haveReadId}
        />
        {readError !== null && (
          <div id={haveReadErrorId} className="invalid-feedback d-block" role="alert">
            {t(readError)}
          </div>
        )}
        <p className="text-body-secondary small mt-2">{t('signing.sign.legalNote')}</p>
        <div className="signing-actions__buttons">
          <Button type="submit" variant="primary" size="lg" disabled={busy} data-testid="sign">
            {sign.isPending ? t('signing.sign.signing') : t('signing.sign.submit')}
          </Button>
          <Button
            variant="outline-danger"
            size="lg"
            disabled={busy}
            onClick={() => {
              setRejectOpened(true);
              setRejecting(true);
            }}
            data-testid="reject"
          >
            {t('signing.sign.reject')}
          </Button>
        </div>
        <div role="status" className="mt-2">
          {redirecting && t('signing.sign.redirecting')}
        </div>
        <FormAlert
          message={sign.isError ? signingMessageOf(sign.error) : null}
          testId="sign-error"
        />
      </Form>
      {rejectOpened && (
        <Suspense fallback={null}>
          <RejectDialog token={token} show={rejecting} onHide={() => setRejecting(false)} />
        </Suspense>
      )}
    </section>
  );
}
