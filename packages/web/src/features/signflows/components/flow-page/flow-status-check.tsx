import type { SignFlowDetailResponse } from '@esign/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useCheckSignFlow } from '../../api/check-signflow.ts';
import { errorKeyOf } from '../../utils/error-key-of.ts';
import { useTimeZone } from '../../../../lib/common-config.ts';
import { formatListDate } from '../../utils/format-list-date.ts';
import { FlowDeadline } from './flow-deadline.tsx';

/**
 * For a flow out for signing or one whose processing failed: why it failed, and a button that
 * checks the status (SPEC §4), which also queues a failed completion again.
 */
export function FlowStatusCheck({ flow }: { flow: SignFlowDetailResponse }) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const check = useCheckSignFlow();
  if (flow.Status !== 'Sent' && flow.Status !== 'Error') return null;
  const failed = flow.Status === 'Error';
  const lastChecked =
    flow.LastStatusQueryTimeUtc === null
      ? null
      : formatListDate(flow.LastStatusQueryTimeUtc, i18n.language, timeZone);
  const progress = check.isPending
    ? t('signflow.status.check.checking')
    : check.isSuccess
      ? t(failed ? 'signflow.status.check.retried' : 'signflow.status.check.checked')
      : '';

  return (
    <div className="flow-status-check" data-testid="flow-status-check">
      {failed && (
        <Alert variant="danger" data-testid="flow-failure">
          <Alert.Heading as="h2" className="h5">
            {t('signflow.status.failure.heading')}
          </Alert.Heading>
          <p className="mb-0 text-break" data-testid="flow-failure-reason">
            {flow.FailureReason === null || flow.FailureReason.trim() === '' ? (
              t('signflow.status.failure.noReason')
            ) : (
              <>
                {t('signflow.status.failure.systemMessage')}{' '}
                {/* The step's own error, recorded as the system gave it: in English. */}
                <span lang="en">{flow.FailureReason}</span>
              </>
            )}
          </p>
        </Alert>
      )}
      <FlowDeadline flow={flow} />
      <div className="signflow-edit__actions mb-3">
        <Button
          type="button"
          variant={failed ? 'primary' : 'outline-primary'}
          disabled={check.isPending}
          onClick={() => check.mutate(flow.Guid)}
          data-testid="check-status"
        >
          {t(failed ? 'signflow.status.check.retry' : 'signflow.status.check.button')}
        </Button>
        <span role="status" className="text-body-secondary">
          {progress}
        </span>
        {lastChecked !== null && (
          <span className="small text-body-secondary">
            {t('signflow.status.check.lastChecked', {
              time: `${lastChecked.date} ${lastChecked.time}`,
            })}
          </span>
        )}
      </div>
      {check.isError && (
        <Alert variant="danger" data-testid="check-status-error">
          {t(errorKeyOf(check.error))}
        </Alert>
      )}
    </div>
  );
}
