import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useViewerTask } from '../api/get-viewer-task.ts';
import { ViewerLinkEnded, ViewerTaskView } from '../components/viewer-task-view.tsx';
import { useSignerLanguage } from '../hooks/use-signer-language.ts';
import { isLinkInvalid, signingMessageOf } from '../utils/signing-error.ts';

/** `/view/:token`: a viewer reads the document of a flow out for signing; they sign nothing. */
export function ViewerRoute() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const task = useViewerTask(token);
  useSignerLanguage(task.data?.Language);
  const flowName = task.data?.FlowName;

  useEffect(() => {
    const page = t('signing.viewer.pageTitle');
    document.title = flowName === undefined ? page : `${flowName} – ${page}`;
  }, [t, flowName]);

  if (task.data !== undefined) return <ViewerTaskView token={token} task={task.data} />;
  // An unknown link (or one of a deleted flow) says only that it has ended.
  if (task.isError && isLinkInvalid(task.error)) return <ViewerLinkEnded />;
  if (task.isError)
    return (
      <div className="signing-page" data-testid="viewer-load-failed">
        <h1>{t('signing.viewer.loadFailed')}</h1>
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
