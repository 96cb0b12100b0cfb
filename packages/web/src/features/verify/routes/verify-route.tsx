import { languageOf } from '@esign/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useCommonConfig } from '../../../lib/common-config.ts';
import { useDownloadReport } from '../api/download-report.ts';
import { useVerifyFile } from '../api/verify-file.ts';
import { VerifyDropZone } from '../components/verify-drop-zone.tsx';
import { VerifyResultView } from '../components/verify-result.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { verifyMessageOf, type VerifyMessage } from '../utils/verify-message.ts';
import '../components/verify.css';

/** The public verification page: a PDF in, its signatures in plain words and a sealed report out. */
export function VerifyRoute() {
  const { t, i18n } = useTranslation();
  const { MaxUploadMb } = useCommonConfig();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<VerifyMessage | null>(null);
  const verify = useVerifyFile();
  const report = useDownloadReport();

  const handleFile = (chosen: File) => {
    setFile(chosen);
    report.reset();
    verify.reset();
    // Refused here, the file is not sent at all; the server judges it again anyway.
    if (chosen.size > MaxUploadMb * 1024 * 1024) {
      setRefusal({ key: 'validation.fileTooLarge', params: { max: MaxUploadMb } });
      return;
    }
    setRefusal(null);
    verify.mutate(chosen);
  };
  const handleDownload = () => {
    if (file === null) return;
    report.mutate(
      { file, language: languageOf(i18n.language) },
      { onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? 'report.pdf') },
    );
  };
  const failure = refusal ?? (verify.isError ? verifyMessageOf(verify.error) : null);
  const reportFailure = report.isError ? verifyMessageOf(report.error) : null;

  return (
    <>
      <h1>{t('verify.title')}</h1>
      <div className="row">
        <div className="col-lg-10 col-xl-8">
          <p>{t('verify.intro')}</p>
          <VerifyDropZone maxMb={MaxUploadMb} disabled={verify.isPending} onFile={handleFile} />
          <div role="status" className="mt-3" data-testid="verify-status">
            {verify.isPending && file && (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {t('verify.checking', { name: file.name })}
              </>
            )}
          </div>
          {failure && (
            <div role="alert" className="alert alert-danger" data-testid="verify-error">
              {t(failure.key, failure.params)}
            </div>
          )}
          {verify.data && file && (
            <>
              <VerifyResultView result={verify.data} fileName={file.name} />
              <Button
                variant="outline-primary"
                onClick={handleDownload}
                disabled={report.isPending}
                data-testid="verify-report"
              >
                {report.isPending ? t('verify.preparingReport') : t('verify.downloadReport')}
              </Button>
              {reportFailure && (
                <div role="alert" className="alert alert-danger mt-3">
                  {t(reportFailure.key, reportFailure.params)}
                </div>
              )}
            </>
          )}
        </div>
      </div>
    </>
  );
}
