import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/http.ts';
import { useCancelBatch } from '../api/cancel-batch.ts';
import { useBatch } from '../api/get-batch.ts';
import { BatchProgress } from '../components/batch-progress.tsx';
import '../components/bulk-send.css';

/** A batch (/batches/:batchId): its progress while it is sent, cancel, and its flows in the list. */
export function BatchRoute() {
  const { t } = useTranslation();
  const batchId = useParams().batchId ?? '';
  const batch = useBatch(batchId);
  const cancel = useCancelBatch();
  const [confirming, setConfirming] = useState(false);
  const cancelTitleId = useId();

  if (batch.isPending) return <p role="status">{t('common.loading')}</p>;
  if (batch.isError)
    return (
      <Alert variant="danger">
        {batch.error instanceof ApiError && batch.error.status === 404
          ? t('errors.notFound')
          : t('dialogs.loadingFailed')}
      </Alert>
    );
  const { data } = batch;
  const cancellable = data.Status === 'sending' || data.Status === 'checked';
  return (
    <div className="bulk-steps">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="mb-0">{t('bulk.batch.title')}</h1>
        <Badge bg="light" text="dark" className="border" data-testid="batch-status">
          {t(`bulk.batch.status.${data.Status}`)}
        </Badge>
      </div>
      <div role="status" aria-live="polite" aria-atomic="false">
        <BatchProgress batch={data} />
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Link
          className="btn btn-outline-primary"
          to={`${paths.home.getHref()}?batch=${encodeURIComponent(data.Id)}`}
          data-testid="batch-list-link"
        >
          {t('bulk.batch.showFlows')}
        </Link>
        {cancellable && (
          <Button
            variant="outline-danger"
            onClick={() => setConfirming(true)}
            data-testid="batch-cancel"
          >
            {t('bulk.batch.cancel')}
          </Button>
        )}
      </div>
      {cancel.isError && (
        <Alert variant="danger" className="mt-3">
          {t('bulk.batch.cancelFailed')}
        </Alert>
      )}
      <Modal
        show={confirming}
        onHide={() => setConfirming(false)}
        centered
        aria-labelledby={cancelTitleId}
      >
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title as="h2" className="h5" id={cancelTitleId}>
            {t('bulk.batch.cancelTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('bulk.batch.cancelText')}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('bulk.batch.keepSending')}
          </Button>
          <Button
            variant="danger"
            disabled={cancel.isPending}
            data-testid="batch-cancel-confirm"
            onClick={() => cancel.mutate(batchId, { onSettled: () => setConfirming(false) })}
          >
            {t('bulk.batch.cancel')}
          </Button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
