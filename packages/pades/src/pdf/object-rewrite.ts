import { appendToArrayText, DictionaryText } from './dictionary-text.ts';
import type { PdfDocument } from './document.ts';
import type { NewObject } from './incremental-update.ts';
import { serialize } from './serializer.ts';
import { isDict, isRef, type PdfDict, type PdfRef, type PdfValue } from './values.ts';

/** An existing dictionary object as written, to edit key by key (see DictionaryText). */
export async function readDictionaryObject(
  document: PdfDocument,
  ref: PdfRef,
): Promise<DictionaryText> {
  return DictionaryText.parse(await document.getObjectText(ref));
}

/** A dictionary of ours as text, so that it is edited as the existing ones are. */
export function newDictionaryText(dict: PdfDict): DictionaryText {
  return DictionaryText.parse(Buffer.from(serialize(dict), 'latin1'));
}

/** The object written again as its text with the edits made. */
export function rewrittenObject(ref: PdfRef, text: DictionaryText): NewObject {
  return { ref, value: null, raw: text.toBuffer().toString('latin1') };
}

/**
 * Adds items to the array `key` of `owner`: in place when the array is written there (or the
 * key is missing), else in the array's own object, answered for the update; whatever else
 * the key held (nothing that is an array) gives way to a new array of the items.
 */
export async function appendToArray(
  document: PdfDocument,
  owner: DictionaryText,
  key: string,
  items: PdfValue[],
): Promise<NewObject[]> {
  const current = owner.value.get(key);
  if (current === undefined || Array.isArray(current)) {
    owner.append(key, items);
    return [];
  }
  if (isRef(current) && Array.isArray(await document.getObject(current))) {
    const text = appendToArrayText(await document.getObjectText(current), items);
    return [{ ref: current, value: null, raw: text.toString('latin1') }];
  }
  owner.set(key, items);
  return [];
}

/** A dictionary the catalog names, where it is written: its own object (new or not), or inside the catalog (ref null). */
export interface CatalogEntry {
  ref: PdfRef | null;
  text: DictionaryText;
  isNew: boolean;
}

/**
 * The dictionary at `key` of the catalog, to edit: its own object, the catalog's text when it
 * is written there, or `initial` as a new object that the catalog then names.
 */
export async function readCatalogEntry(
  document: PdfDocument,
  catalog: DictionaryText,
  key: string,
  allocate: () => PdfRef,
  initial: PdfDict,
): Promise<CatalogEntry> {
  const value = catalog.value.get(key);
  if (isDict(value)) return { ref: null, text: catalog.nested(key), isNew: false };
  if (isRef(value) && isDict(await document.getObject(value)))
    return { ref: value, text: await readDictionaryObject(document, value), isNew: false };
  // A reference to nothing usable keeps its number for the new dictionary.
  const ref = isRef(value) ? value : allocate();
  if (!isRef(value)) catalog.set(key, ref);
  return { ref, text: newDictionaryText(initial), isNew: true };
}

/** The objects to write for an edited catalog entry and the catalog: only those that changed. */
export function catalogEntryObjects(
  catalog: { ref: PdfRef; text: DictionaryText },
  entry: CatalogEntry,
): NewObject[] {
  const objects: NewObject[] = [];
  if (entry.ref && (entry.isNew || entry.text.changed))
    objects.push(rewrittenObject(entry.ref, entry.text));
  if (catalog.text.changed) objects.push(rewrittenObject(catalog.ref, catalog.text));
  return objects;
}
