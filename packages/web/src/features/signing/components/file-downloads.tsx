import { signingPaths, type SignerTask } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../utils/format.ts';

type DownloadableFile = NonNullable<SignerTask['Document']>;

interface FileDownloadsProps {
  token: string;
  document: DownloadableFile;
  attachments: DownloadableFile[];
}

/** Download links for the document and each attachment, each named with its file name and size. */
export function FileDownloads({ token, document, attachments }: FileDownloadsProps) {
  const { t, i18n } = useTranslation();
  const files = [
    { file: document, kind: t('signing.document.documentFile'), url: signingPaths.document(token) },
    ...attachments.map((file) => ({
      file,
      kind: t('signing.document.attachmentFile'),
      url: signingPaths.attachment(token, file.Guid),
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
