import { createHash } from 'node:crypto';
import type { PdfDocument } from './document.ts';
import { writeIncrementalUpdate, type NewObject } from './incremental-update.ts';
import {
  appendToArray,
  catalogEntryObjects,
  readCatalogEntry,
  readDictionaryObject,
} from './object-rewrite.ts';
import { isRef, PdfError, PdfName, PdfRef, type PdfValue } from './values.ts';

export interface ValidationData {
  certificates: Buffer[];
  crls: Buffer[];
  ocsps?: Buffer[];
}

const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The digests of the streams an existing DSS array lists (direct or its own object). */
async function storedDigests(document: PdfDocument, value: PdfValue | undefined) {
  const digests = new Set<string>();
  const items = await document.resolve(value);
  for (const item of Array.isArray(items) ? items : []) {
    const stream = isRef(item) ? await document.getStream(item) : null;
    if (stream) digests.add(digestOf(stream.data));
  }
  return digests;
}

/**
 * Prepares the update that adds validation data (PAdES B-LT): a /DSS in the catalog with the
 * certificates, CRLs and OCSP responses as streams. An earlier DSS is kept as it is written
 * and gains only the items it does not hold yet (compared by their bytes); when it holds them
 * all, the update is empty. Objects written again keep every byte but the keys that change.
 */
export async function prepareDssUpdate(
  document: PdfDocument,
  data: ValidationData,
): Promise<Buffer> {
  try {
    const root = document.trailer.get('Root');
    if (!isRef(root)) throw new PdfError('no document catalog');
    let next = document.size;
    const allocate = () => new PdfRef(next++, 0);
    const catalog = { ref: root, text: await readDictionaryObject(document, root) };
    const dss = await readCatalogEntry(
      document,
      catalog.text,
      'DSS',
      allocate,
      new Map([['Type', new PdfName('DSS')]]),
    );
    const objects: NewObject[] = [];
    let added = 0;
    const addAll = async (key: 'Certs' | 'CRLs' | 'OCSPs', items: Buffer[]) => {
      const seen = await storedDigests(document, dss.text.value.get(key));
      const refs: PdfRef[] = [];
      for (const item of items) {
        const digest = digestOf(item);
        if (seen.has(digest)) continue;
        seen.add(digest);
        const ref = allocate();
        objects.push({ ref, value: { dict: new Map(), data: item } });
        refs.push(ref);
      }
      added += refs.length;
      if (refs.length > 0) objects.push(...(await appendToArray(document, dss.text, key, refs)));
    };
    await addAll('Certs', data.certificates);
    await addAll('CRLs', data.crls);
    await addAll('OCSPs', data.ocsps ?? []);
    if (added === 0) return Buffer.alloc(0);
    objects.push(...catalogEntryObjects(catalog, dss));
    return writeIncrementalUpdate(document, objects);
  } catch (error) {
    throw error instanceof PdfError
      ? error
      : new PdfError(`cannot add validation data: ${(error as Error).message}`);
  }
}
