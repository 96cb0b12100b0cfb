import type { SignerTask } from '@esign/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDownloads } from './file-downloads.tsx';
import { PdfViewer } from './pdf-viewer.tsx';

type DownloadableFile = NonNullable<SignerTask['Document']>;

interface DocumentSectionProps {
  /** The document (null when it is missing) and its attachments, as a signer's or viewer's task has them. */
  document: DownloadableFile | null;
  attachments: DownloadableFile[];
  documentUrl: string;
  attachmentUrl: (id: string) => string;
  /** What the document is called in the file list (the signer's "document to sign" by default). */
  documentKind?: string;
  /** Moves focus here, e.g. right after the signer identified themselves. */
  takeFocus?: boolean;
}

/** The document to read (pdf.js viewer) and the files to download: the signer's and the viewer's. */
export function DocumentSection({
  document,
  attachments,
  documentUrl,
  attachmentUrl,
  documentKind,
  takeFocus = false,
}: DocumentSectionProps) {
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
      {document === null ? (
        <p className="alert alert-warning" role="alert">
          {t('signing.document.missing')}
        </p>
      ) : (
        <>
          <PdfViewer url={documentUrl} name={document.FileName} />
          <FileDownloads
            document={document}
            attachments={attachments}
            documentUrl={documentUrl}
            attachmentUrl={attachmentUrl}
            documentKind={documentKind}
          />
        </>
      )}
    </section>
  );
}
