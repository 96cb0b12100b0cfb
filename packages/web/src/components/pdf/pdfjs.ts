import { getDocument, GlobalWorkerOptions, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// Vite emits the worker as its own same-origin asset, which the page's CSP (script-src 'self') allows.
GlobalWorkerOptions.workerSrc = workerUrl;

/** Starts loading a PDF from our own API; the session cookie goes along (same origin). */
export function loadPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({
    url,
    withCredentials: true,
    // The CSP forbids eval; pdf.js then uses its interpreter for PostScript functions.
    isEvalSupported: false,
  });
}

export { RenderingCancelledException } from 'pdfjs-dist';
export type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
