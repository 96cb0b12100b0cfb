import { useEffect, useRef, useState, type RefObject } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { PdfPage } from '../../../components/pdf/pdf-page.tsx';
import type { PDFDocumentProxy } from '../../../components/pdf/pdfjs.ts';
import { usePdfDocument, type PageSize } from '../../../components/pdf/use-pdf-document.ts';
import { fitWidthScale, zoomInFrom, zoomOutFrom, type Zoom } from '../utils/zoom.ts';
import { PdfToolbar } from './pdf-toolbar.tsx';

// The viewer's inner padding on each side (signing.css), which a fitted page leaves free.
const viewerPadding = 8;

/** The width the pages have in the scrolling viewer, kept current as the window resizes. */
function useAvailableWidth(element: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (target === null) return;
    const measure = () => setWidth(target.clientWidth - 2 * viewerPadding);
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

interface PdfPagesProps {
  pdf: PDFDocumentProxy;
  firstPage: PageSize;
  name: string;
}

function PdfPages({ pdf, firstPage, name }: PdfPagesProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const availableWidth = useAvailableWidth(scrollRef);
  const [zoom, setZoom] = useState<Zoom>({ kind: 'fitWidth' });
  const scale = zoom.kind === 'scale' ? zoom.scale : fitWidthScale(availableWidth, firstPage.width);
  const pageNumbers = Array.from({ length: pdf.numPages }, (_, index) => index + 1);

  return (
    <>
      <PdfToolbar
        scale={scale}
        pageCount={pdf.numPages}
        fitsWidth={zoom.kind === 'fitWidth'}
        onZoomIn={() => setZoom({ kind: 'scale', scale: zoomInFrom(scale) })}
        onZoomOut={() => setZoom({ kind: 'scale', scale: zoomOutFrom(scale) })}
        onFitWidth={() => setZoom({ kind: 'fitWidth' })}
      />
      {/* Focusable, so the keyboard can scroll it; named, so it is found as the document. */}
      <div
        ref={scrollRef}
        className="pdf-viewer__pages"
        role="region"
        aria-label={t('signing.document.viewer', { name })}
        tabIndex={0}
        data-testid="pdf-viewer"
      >
        {availableWidth > 0 &&
          pageNumbers.map((pageNumber) => (
            <PdfPage
              key={pageNumber}
              pdf={pdf}
              pageNumber={pageNumber}
              scale={scale}
              estimatedSize={firstPage}
              scrollRoot={scrollRef}
            />
          ))}
      </div>
    </>
  );
}

/** The document to sign, drawn page by page with pdf.js as the signer scrolls. */
export function PdfViewer({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const pdfDocument = usePdfDocument(url);

  return (
    <div className="pdf-viewer">
      {pdfDocument.status === 'loading' && (
        <div className="pdf-viewer__message" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
          {t('signing.document.loading')}
        </div>
      )}
      {pdfDocument.status === 'failed' && (
        <p className="alert alert-warning mb-0" role="alert" data-testid="pdf-load-failed">
          {t('signing.document.loadFailed')}
        </p>
      )}
      {pdfDocument.status === 'ready' && (
        <PdfPages pdf={pdfDocument.pdf} firstPage={pdfDocument.firstPage} name={name} />
      )}
    </div>
  );
}
