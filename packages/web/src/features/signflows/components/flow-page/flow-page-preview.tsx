import type { FileInfo } from '@esign/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPage } from '../../../../components/pdf/pdf-page.tsx';
import { usePdfDocument } from '../../../../components/pdf/use-pdf-document.ts';
import { downloadHref } from '../file-download-link.tsx';

const previewWidth = 220;

/** The document's first page, drawn with pdf.js (loaded only for this page). */
export function FlowPagePreview({ flowId, file }: { flowId: string; file: FileInfo }) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const state = usePdfDocument(downloadHref(flowId, 'signfile', file.Guid));
  return (
    <figure className="flow-page__preview" ref={frameRef} data-testid="flow-preview">
      {state.status === 'ready' ? (
        <PdfPage
          pdf={state.pdf}
          pageNumber={1}
          scale={previewWidth / state.firstPage.width}
          estimatedSize={state.firstPage}
          scrollRoot={frameRef}
        />
      ) : (
        <p
          className="flow-page__preview-note small text-body-secondary"
          role={state.status === 'failed' ? undefined : 'status'}
        >
          {state.status === 'failed' ? t('signflow.page.previewFailed') : t('common.loading')}
        </p>
      )}
      <figcaption className="visually-hidden">
        {t('signflow.page.previewOf', { name: file.FileName })}
      </figcaption>
    </figure>
  );
}
