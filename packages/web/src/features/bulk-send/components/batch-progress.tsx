import type { BulkBatch } from '@esign/contract';
import { useId } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { bulkMessageKey } from '../utils/bulk-messages.ts';

/** A batch's progress: a bar, the counts and the rows that failed with their reasons. */
export function BatchProgress({ batch }: { batch: BulkBatch }) {
  const { t, i18n } = useTranslation();
  const failedId = useId();
  const failed = batch.Failed.length;
  const handled = batch.Sent + failed + batch.Cancelled;
  const percent = batch.Total === 0 ? 100 : Math.round((handled / batch.Total) * 100);
  const counts = [
    ['total', batch.Total],
    ['queued', batch.Queued],
    ['sent', batch.Sent],
    ['failed', failed],
    ['cancelled', batch.Cancelled],
  ] as const;
  return (
    <>
      <p className="mb-1" data-testid="batch-handled">
        {t('bulk.batch.handled', { count: handled, total: batch.Total })}
      </p>
      <div className="progress mb-3 bulk-progress">
        <div
          className={`progress-bar ${failed > 0 ? 'bg-warning' : 'bg-success'}`}
          role="progressbar"
          aria-label={t('bulk.batch.progress')}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          style={{ width: `${percent}%` }}
        />
      </div>
      <dl className="bulk-counts" data-testid="batch-counts">
        {counts.map(([name, value]) => (
          <div key={name} className="bulk-counts__item" data-testid={`batch-${name}`}>
            <dt>{t(`bulk.batch.counts.${name}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {failed > 0 && (
        <>
          <h2 id={failedId} className="h4">
            {t('bulk.batch.failedHeading')}
          </h2>
          <div className="table-responsive" role="region" tabIndex={0} aria-labelledby={failedId}>
            <Table size="sm" bordered aria-labelledby={failedId}>
              <thead>
                <tr>
                  <th scope="col">{t('bulk.problems.row')}</th>
                  <th scope="col">{t('bulk.batch.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {batch.Failed.map((row) => (
                  <tr key={row.Row} data-testid="batch-failed-row">
                    <td>{row.Row}</td>
                    <td>
                      {t(
                        bulkMessageKey(
                          row.Reason,
                          (key) => i18n.exists(key),
                          'bulk.failures.sendFailed',
                        ),
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </>
  );
}
