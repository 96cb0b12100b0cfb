import { useEffect, useState } from 'react';
import type { PDFDocumentProxy } from './pdfjs.ts';

export interface PageSize {
  width: number;
  height: number;
}

export type PdfDocumentState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; pdf: PDFDocumentProxy; firstPage: PageSize };

type Loaded = PdfDocumentState & { url: string };

/** Loads a PDF with pdf.js (fetched only when needed) and frees it when the viewer goes away. */
export function usePdfDocument(url: string): PdfDocumentState {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    const load = async () => {
      const { loadPdf } = await import('./pdfjs.ts');
      if (cancelled) return;
      const task = loadPdf(url);
      destroy = () => task.destroy();
      const pdf = await task.promise;
      const viewport = (await pdf.getPage(1)).getViewport({ scale: 1 });
      if (!cancelled)
        setLoaded({
          url,
          status: 'ready',
          pdf,
          firstPage: { width: viewport.width, height: viewport.height },
        });
    };
    load().catch((error: unknown) => {
      if (cancelled) return;
      console.warn('The document could not be shown', error);
      setLoaded({ url, status: 'failed' });
    });
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [url]);

  return loaded === null || loaded.url !== url ? { status: 'loading' } : loaded;
}
