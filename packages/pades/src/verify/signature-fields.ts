import type { PdfDocument } from '../pdf/document.ts';
import { listFormFields } from '../pdf/form-fields.ts';
import { readCatalog } from '../pdf/incremental-update.ts';
import { isDict, isRef, type PdfDict, type PdfRef } from '../pdf/values.ts';

/** A signed signature field: its full name, and its signature dictionary and that one's reference. */
export interface SignatureField {
  name: string;
  ref: PdfRef | null;
  value: PdfDict;
}

/**
 * The document's signed signature fields, each signature dictionary once; the field tree is
 * walked with a visited set and a depth limit, so loops and repeats end.
 */
export async function signatureFields(document: PdfDocument): Promise<SignatureField[]> {
  const { dict: catalog } = await readCatalog(document);
  const form = await document.resolve(catalog.get('AcroForm'));
  const fields = isDict(form) ? await document.resolve(form.get('Fields')) : null;
  const found: SignatureField[] = [];
  const seen = new Set<number>();
  for (const field of await listFormFields(document, Array.isArray(fields) ? fields : [])) {
    if (field.type !== 'Sig') continue;
    const raw = field.dict.get('V');
    const value = await document.resolve(raw);
    if (!isDict(value)) continue;
    if (isRef(raw)) {
      if (seen.has(raw.num)) continue;
      seen.add(raw.num);
    }
    found.push({ name: field.fullName, ref: isRef(raw) ? raw : null, value });
  }
  return found;
}
