import type { SignerTask } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../utils/format.ts';

type DownloadableFile = NonNullable<SignerTask['Document']>;

interface FileDownloadsProps {
  document: DownloadableFile;
  attachments: DownloadableFile[];
  /** Where the document downloads from (the signer's link, or a viewer's). */
  documentUrl: string;
  attachmentUrl: (attachmentId: string) => string;
  /** What the document is called beside its name; for the signer, the document to sign. */
  documentKind?: string;
}

/** Download links for the document and each attachment, each named with its file name and size. */
export function FileDownloads(props: FileDownloadsProps) {
  const { document, attachments, documentUrl, attachmentUrl, documentKind } = props;
  const { t, i18n } = useTranslation();
  const files = [
    {
      file: document,
      kind: documentKind ?? t('signing.document.documentFile'),
      url: documentUrl,
    },
    ...attachments.map((file) => ({
      file,
      kind: t('signing.document.attachmentFile'),
      url: attachmentUrl(file.Guid),
    })),
  ];

  return (
    <div className="mt-3">
      <h3 className="h6">{t('signing.document.files')}</h3>
      <ul className="list-unstyled mb-0 signing-files" data-testid="signing-files">
        {files.map(({ file, kind, url }) => (
          <li key={`${url}`} className="signing-files__item">
            <a href={url} download={file.FileName} className="text-break">
              {t('signing.document.download', {
                name: file.FileName,
                size: formatFileSize(file.Size, i18n.language),
              })}
            </a>
            <span className="text-body-secondary small">{kind}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
