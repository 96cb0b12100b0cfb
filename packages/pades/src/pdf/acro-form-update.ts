import type { PdfDocument } from './document.ts';
import type { NewObject } from './incremental-update.ts';
import {
  appendToArray,
  catalogEntryObjects,
  readCatalogEntry,
  readDictionaryObject,
} from './object-rewrite.ts';
import { numberOf, type PdfDict, type PdfRef } from './values.ts';

/**
 * The objects that add `fields` to the AcroForm's /Fields and set the /SigFlags bits given
 * (keeping the others), making the form when there is none, and set the `catalog` keys given
 * (a new /StructTreeRoot). The form and the catalog are written again only when they change,
 * and then only the changed keys differ.
 */
export async function acroFormUpdate(
  document: PdfDocument,
  catalogRef: PdfRef,
  change: { fields: PdfRef[]; sigFlags: number; catalog?: PdfDict },
  allocate: () => PdfRef,
): Promise<NewObject[]> {
  const catalog = { ref: catalogRef, text: await readDictionaryObject(document, catalogRef) };
  for (const [key, value] of change.catalog ?? []) catalog.text.set(key, value);
  const form = await readCatalogEntry(
    document,
    catalog.text,
    'AcroForm',
    allocate,
    new Map([['Fields', []]]),
  );
  const objects: NewObject[] = [];
  if (change.fields.length > 0)
    objects.push(...(await appendToArray(document, form.text, 'Fields', change.fields)));
  const flags = numberOf(await document.resolve(form.text.value.get('SigFlags'))) ?? 0;
  if ((flags | change.sigFlags) !== flags) form.text.set('SigFlags', flags | change.sigFlags);
  return [...objects, ...catalogEntryObjects(catalog, form)];
}
