import type { SignerTask } from '@esign/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { signerTaskQueryOptions } from '../api/get-signer-task.ts';
import { useSendCode } from '../api/send-code.ts';
import { useSecondsLeft } from '../hooks/use-seconds-left.ts';
import { validityMinutes } from '../utils/format.ts';
import { signingMessageOf } from '../utils/signing-error.ts';
import { FormAlert } from './form-alert.tsx';

/**
 * The code field and its form library load when a code is asked for, not with the page:
 * most signers open the link and read before they identify.
 */
const loadCodeForm = () => import('./code-form.tsx');
const CodeForm = lazy(async () => ({ default: (await loadCodeForm()).CodeForm }));

/** The link is locked after too many codes: nothing to do but wait for the sender. */
function LinkLockedNotice() {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning mb-0" data-testid="signing-link-locked">
      <h3 className="h5">{t('signing.identify.lockedHeading')}</h3>
      <p className="mb-0">{t('signing.identify.locked')}</p>
    </div>
  );
}

/** When the next code can be asked for: seconds under a minute, then whole minutes. */
function NextCodeIn({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  if (seconds <= 0) return null;
  const text =
    seconds < 60
      ? t('signing.identify.nextCodeInSeconds', { count: seconds })
      : t('signing.identify.nextCodeInMinutes', { count: Math.ceil(seconds / 60) });
  return (
    <p className="form-text mt-2 mb-0" data-testid="signing-next-code">
      {text}
    </p>
  );
}

/** Identification by a one-time code sent to the signer's e-mail (levels Low and Qualified). */
export function CodeIdentification({ token, task }: { token: string; task: SignerTask }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const send = useSendCode(token);
  const sent = send.data;
  // The wait before the next code counts from the answer that told it: the last code's, or
  // the task's when no code was sent from this page.
  const secondsLeft = useSecondsLeft(
    sent?.NextCodeInSeconds ?? task.NextCodeInSeconds,
    sent !== undefined
      ? send.submittedAt
      : (queryClient.getQueryState(signerTaskQueryOptions(token).queryKey)?.dataUpdatedAt ?? 0),
  );
  const cannotSend = send.isPending || secondsLeft > 0;
  const sendCode = () => {
    // Loading while the code is on its way, so the field is there when the answer comes.
    void loadCodeForm();
    send.mutate();
  };

  if (task.LinkLocked) return <LinkLockedNotice />;
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
        <>
          <Button onClick={sendCode} disabled={cannotSend} data-testid="signing-send-code">
            {send.isPending ? t('signing.identify.sending') : t('signing.identify.sendCode')}
          </Button>
          <NextCodeIn seconds={secondsLeft} />
        </>
      ) : (
        <>
          <Suspense fallback={null}>
            <CodeForm
              key={send.submittedAt}
              token={token}
              onSendNewCode={sendCode}
              sendingNewCode={cannotSend}
            />
          </Suspense>
          <p className="mt-3 mb-0">
            {t('signing.identify.noCode')}{' '}
            <Button
              variant="link"
              className="p-0 align-baseline"
              onClick={sendCode}
              disabled={cannotSend}
              data-testid="signing-send-new-code"
            >
              {send.isPending ? t('signing.identify.sending') : t('signing.identify.sendNewCode')}
            </Button>
          </p>
          <NextCodeIn seconds={secondsLeft} />
        </>
      )}
      <FormAlert
        message={send.isError ? signingMessageOf(send.error) : null}
        testId="signing-send-code-error"
      />
    </>
  );
}
