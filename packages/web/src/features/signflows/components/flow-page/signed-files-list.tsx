import type { SignFlowDetailResponse } from '@esign/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDownloadLink } from '../file-download-link.tsx';

/** The signed file, the one with personal details and the evidence report, once the flow has them. */
export function SignedFilesList({ flow }: { flow: SignFlowDetailResponse }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { SignedFile: signed, PersonalSignedFile: personal, EvidenceReport: evidence } = flow;
  if (signed === null && personal === null && evidence === null) return null;
  return (
    <div className="mb-3" role="group" aria-labelledby={labelId}>
      <div id={labelId} className="form-label">
        {t('signflow.edit.document.signedFiles')}
      </div>
      <ul className="list-unstyled mb-0">
        {signed !== null && (
          <li>
            <FileDownloadLink
              flowId={flow.Guid}
              kind="signedfile"
              file={signed}
              testId="signed-file"
            />
          </li>
        )}
        {personal !== null && (
          <li>
            {t('signflow.edit.document.personalSignedFile')}:{' '}
            <FileDownloadLink
              flowId={flow.Guid}
              kind="personalsignedfile"
              file={personal}
              testId="personal-signed-file"
            />
          </li>
        )}
        {evidence !== null && (
          <li>
            {t('signflow.edit.document.evidenceReport')}:{' '}
            <FileDownloadLink
              flowId={flow.Guid}
              kind="evidencereport"
              file={evidence}
              testId="evidence-report"
            />
          </li>
        )}
      </ul>
    </div>
  );
}
