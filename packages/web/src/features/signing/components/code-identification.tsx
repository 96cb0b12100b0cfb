import type { SignerTask } from '@esign/contract';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useSendCode } from '../api/send-code.ts';
import { validityMinutes } from '../utils/format.ts';
import { signingMessageOf } from '../utils/signing-error.ts';
import { CodeForm } from './code-form.tsx';
import { FormAlert } from './form-alert.tsx';

/** Identification by a one-time code sent to the signer's e-mail (levels Low and Qualified). */
export function CodeIdentification({ token, task }: { token: string; task: SignerTask }) {
  const { t } = useTranslation();
  const send = useSendCode(token);
  const sent = send.data;
  const sendCode = () => send.mutate();

  return (
    <>
      <p>{t('signing.identify.codeIntro', { email: task.SignerEmailHint })}</p>
      {task.SignatureLevel === 'Qualified' && <p>{t('signing.identify.qualifiedNote')}</p>}
      <div role="status" data-testid="signing-code-sent">
        {sent !== undefined && !send.isPending && (
          <p className="alert alert-info">
            {t('signing.identify.codeSent', {
              sentTo: sent.SentTo,
              count: validityMinutes(sent.ValidForSeconds),
            })}
          </p>
        )}
      </div>
      {sent === undefined ? (
        <Button onClick={sendCode} disabled={send.isPending} data-testid="signing-send-code">
          {send.isPending ? t('signing.identify.sending') : t('signing.identify.sendCode')}
        </Button>
      ) : (
        <>
          <CodeForm
            key={send.submittedAt}
            token={token}
            onSendNewCode={sendCode}
            sendingNewCode={send.isPending}
          />
          <p className="mt-3 mb-0">
            {t('signing.identify.noCode')}{' '}
            <Button
              variant="link"
              className="p-0 align-baseline"
              onClick={sendCode}
              disabled={send.isPending}
              data-testid="signing-send-new-code"
            >
              {send.isPending ? t('signing.identify.sending') : t('signing.identify.sendNewCode')}
            </Button>
          </p>
        </>
      )}
      <FormAlert
        message={send.isError ? signingMessageOf(send.error) : null}
        testId="signing-send-code-error"
      />
    </>
  );
}
