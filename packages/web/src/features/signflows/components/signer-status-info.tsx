import type { Signer } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/common-config.ts';
import { formatDateTime } from '../../../lib/dates.ts';

/** A sent flow's signer: status, the reason of a rejection and when the signer finished. */
export function SignerStatusInfo({ signer, index }: { signer: Signer; index: number }) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  return (
    <dl className="signer-status">
      <div>
        <dt>{t('signflow.edit.signers.status')}</dt>
        <dd data-testid={`signer-status-${index}`}>
          {t(`signflow.signerStatus.${signer.Status}`)}
          {signer.LinkLocked && signer.Status === 'Unsigned' && (
            <span className="d-block text-danger" data-testid={`signer-locked-${index}`}>
              {t('signflow.edit.signers.linkLocked')}
            </span>
          )}
        </dd>
      </div>
      {signer.RejectionComment !== null && signer.RejectionComment !== '' && (
        <div>
          <dt>{t('signflow.edit.signers.rejectionComment')}</dt>
          <dd className="text-break">{signer.RejectionComment}</dd>
        </div>
      )}
      {signer.CompletionTimeUtc !== null && (
        <div>
          <dt>{t('signflow.edit.signers.completed')}</dt>
          <dd>
            <time dateTime={signer.CompletionTimeUtc}>
              {formatDateTime(signer.CompletionTimeUtc, i18n.language, timeZone)}
            </time>
          </dd>
        </div>
      )}
    </dl>
  );
}
