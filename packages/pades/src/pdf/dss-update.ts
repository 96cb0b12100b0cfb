import { createHash } from 'node:crypto';
import type { PdfDocument } from './document.ts';
import { readCatalog, writeIncrementalUpdate, type NewObject } from './incremental-update.ts';
import { isDict, PdfError, PdfName, PdfRef, type PdfDict, type PdfValue } from './values.ts';

export interface ValidationData {
  certificates: Buffer[];
  crls: Buffer[];
  ocsps?: Buffer[];
}

/**
 * Prepares the update that adds validation data (PAdES B-LT): a /DSS dictionary in the
 * catalog with the certificates, CRLs and OCSP responses as streams, keeping what an
 * earlier DSS held and storing each item once.
 */
export async function prepareDssUpdate(
  document: PdfDocument,
  data: ValidationData,
): Promise<Buffer> {
  try {
    const catalog = await readCatalog(document);
    let next = document.size;
    const objects: NewObject[] = [];
    const existing = await document.resolve(catalog.dict.get('DSS'));
    const dss: PdfDict = isDict(existing)
      ? new Map(existing)
      : new Map([['Type', new PdfName('DSS')]]);
    const addAll = async (key: 'Certs' | 'CRLs' | 'OCSPs', items: Buffer[]) => {
      const current = await document.resolve(dss.get(key));
      const list: PdfValue[] = Array.isArray(current) ? [...current] : [];
      const seen = new Set<string>();
      for (const item of items) {
        const digest = createHash('sha256').update(item).digest('hex');
        if (seen.has(digest)) continue;
        seen.add(digest);
        const ref = new PdfRef(next++, 0);
        objects.push({ ref, value: { dict: new Map(), data: item } });
        list.push(ref);
      }
      if (list.length > 0) dss.set(key, list);
    };
    await addAll('Certs', data.certificates);
    await addAll('CRLs', data.crls);
    await addAll('OCSPs', data.ocsps ?? []);
    const dssRef = new PdfRef(next++, 0);
    objects.push({ ref: dssRef, value: dss });
    const catalogDict = new Map(catalog.dict);
    catalogDict.set('DSS', dssRef);
    objects.push({ ref: catalog.ref, value: catalogDict });
    return writeIncrementalUpdate(document, objects);
  } catch (error) {
    throw error instanceof PdfError
      ? error
      : new PdfError(`cannot add validation data: ${(error as Error).message}`);
  }
}
