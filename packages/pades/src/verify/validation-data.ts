import type { PdfDocument } from '../pdf/document.ts';
import { readCatalog } from '../pdf/incremental-update.ts';
import { isDict, isRef, type PdfDict } from '../pdf/values.ts';
import type { RevocationData } from './revocation-data.ts';

/** A document's /DSS: its certificates, CRLs and OCSP responses. */
export interface DocumentValidationData extends RevocationData {
  present: boolean;
  certificates: Buffer[];
}

const maxItems = 10_000;

async function streams(document: PdfDocument, dss: PdfDict, key: string): Promise<Buffer[]> {
  const list = await document.resolve(dss.get(key));
  const found: Buffer[] = [];
  for (const item of Array.isArray(list) ? list.slice(0, maxItems) : []) {
    if (!isRef(item)) continue;
    try {
      const stream = await document.getStream(item);
      if (stream) found.push(stream.data);
    } catch {
      // an unreadable item is no validation data
    }
  }
  return found;
}

/** The document's /DSS (ETSI EN 319 142-1 §5.4.2) with each stream decoded; empty when there is none. */
export async function readDss(document: PdfDocument): Promise<DocumentValidationData> {
  const { dict: catalog } = await readCatalog(document);
  const dss = await document.resolve(catalog.get('DSS'));
  if (!isDict(dss)) return { present: false, certificates: [], crls: [], ocsps: [] };
  return {
    present: true,
    certificates: await streams(document, dss, 'Certs'),
    crls: await streams(document, dss, 'CRLs'),
    ocsps: await streams(document, dss, 'OCSPs'),
  };
}
