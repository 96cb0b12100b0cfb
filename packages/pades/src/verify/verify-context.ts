import type { X509Certificate } from 'node:crypto';
import type { PdfDocument } from '../pdf/document.ts';
import type { ParsedRevocationData } from './revocation-data.ts';

/** What verifying a document shares between its signatures. */
export interface VerifyContext {
  document: PdfDocument;
  anchors: X509Certificate[] | null;
  /** The /DSS's certificates, parsed once for every signature. */
  dssCertificates: X509Certificate[];
  dssRevocation: ParsedRevocationData;
}
