import type { SigningErrorKey } from '@esign/contract';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSignerTask } from '../api/get-signer-task.ts';
import { LinkInvalid } from '../components/link-invalid.tsx';
import { SignerTaskView } from '../components/signer-task-view.tsx';
import { useReturnError } from '../hooks/use-return-error.ts';
import { useSignerLanguage } from '../hooks/use-signer-language.ts';
import { isLinkInvalid, signingMessageOf } from '../utils/signing-error.ts';

function ReturnError({ errorKey, onClose }: { errorKey: SigningErrorKey; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="danger"
      role="alert"
      dismissible
      closeLabel={t('common.close')}
      onClose={onClose}
      data-testid="signing-return-error"
    >
      {t(errorKey)}
    </Alert>
  );
}

/** `/sign/:token`: the page a signer opens from the e-mail to read, sign or reject a document. */
export function SigningRoute() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const task = useSignerTask(token);
  const [returnError, clearReturnError] = useReturnError();
  useSignerLanguage(task.data?.Language);
  const flowName = task.data?.FlowName;

  useEffect(() => {
    const page = t('signing.pageTitle');
    document.title = flowName === undefined ? page : `${flowName} – ${page}`;
  }, [t, flowName]);

  // A failed background refresh keeps showing the task that was loaded.
  if (task.data !== undefined)
    return (
      <>
        {returnError !== null && <ReturnError errorKey={returnError} onClose={clearReturnError} />}
        <SignerTaskView token={token} task={task.data} />
      </>
    );
  if (task.isError && isLinkInvalid(task.error)) return <LinkInvalid />;
  if (task.isError)
    return (
      <div className="signing-page" data-testid="signing-load-failed">
        <h1>{t('signing.loadFailed')}</h1>
        <p role="alert">{t(signingMessageOf(task.error).key)}</p>
        <Button onClick={() => void task.refetch()}>{t('signing.retry')}</Button>
      </div>
    );
  return (
    <div role="status" className="d-flex align-items-center gap-2">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      {t('common.loading')}
    </div>
  );
}
