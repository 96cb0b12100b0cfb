import { signingPaths, type SignerTask } from '@esign/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDownloads } from './file-downloads.tsx';
import { PdfViewer } from './pdf-viewer.tsx';

interface DocumentSectionProps {
  token: string;
  task: SignerTask;
  /** Moves focus here, e.g. right after the signer identified themselves. */
  takeFocus: boolean;
}

/** The document to read (pdf.js viewer) and the files to download. */
export function DocumentSection({ token, task, takeFocus }: DocumentSectionProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);

  return (
    <section aria-labelledby="signing-document-heading" className="mb-4">
      <h2 id="signing-document-heading" ref={headingRef} tabIndex={-1} className="h4">
        {t('signing.document.heading')}
      </h2>
      {task.Document === null ? (
        <p className="alert alert-warning" role="alert">
          {t('signing.document.missing')}
        </p>
      ) : (
        <>
          <PdfViewer url={signingPaths.document(token)} name={task.Document.FileName} />
          <FileDownloads
            document={task.Document}
            attachments={task.Attachments}
            documentUrl={signingPaths.document(token)}
            attachmentUrl={(id) => signingPaths.attachment(token, id)}
          />
        </>
      )}
    </section>
  );
}
