import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSize } from './use-pdf-document.ts';
import type { PDFDocumentProxy, RenderTask } from './pdfjs.ts';
import { renderPixelRatio } from './render-pixel-ratio.ts';

interface PdfPageProps {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  /** The first page's size, used until this page's own size is known. */
  estimatedSize: PageSize;
  /** The scrolling viewer, whose visible part decides which pages to draw. */
  scrollRoot: RefObject<HTMLElement | null>;
}

/** Starts true once the element comes near the visible part of the viewer, and stays true. */
function useNearView(target: RefObject<HTMLElement | null>, root: RefObject<HTMLElement | null>) {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = target.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { root: root.current, rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, target, root]);
  return near;
}

function isCancelled(error: unknown) {
  return error instanceof Error && error.name === 'RenderingCancelledException';
}

/** One page drawn into a canvas, only once it scrolls near view, redrawn when the zoom changes. */
export function PdfPage({ pdf, pageNumber, scale, estimatedSize, scrollRoot }: PdfPageProps) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const near = useNearView(frameRef, scrollRoot);
  const [size, setSize] = useState<PageSize | null>(null);

  useEffect(() => {
    if (!near) return;
    let renderTask: RenderTask | undefined;
    let stopped = false;
    const draw = async () => {
      const page = await pdf.getPage(pageNumber);
      const base = page.getViewport({ scale: 1 });
      if (stopped) return;
      setSize({ width: base.width, height: base.height });
      const canvas = canvasRef.current;
      if (canvas === null) return;
      const ratio = renderPixelRatio(
        base.width * scale,
        base.height * scale,
        window.devicePixelRatio || 1,
      );
      const viewport = page.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      renderTask = page.render({ canvas, viewport });
      await renderTask.promise;
    };
    draw().catch((error: unknown) => {
      if (!isCancelled(error)) console.warn(`Page ${pageNumber} could not be drawn`, error);
    });
    return () => {
      stopped = true;
      renderTask?.cancel();
    };
  }, [near, pdf, pageNumber, scale]);

  const shown = size ?? estimatedSize;
  return (
    <div
      ref={frameRef}
      className="pdf-page"
      style={{ width: shown.width * scale, height: shown.height * scale }}
      data-testid={`pdf-page-${pageNumber}`}
    >
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('signing.document.page', { page: pageNumber, pages: pdf.numPages })}
      />
    </div>
  );
}
