import type { PdfDocument } from '../pdf/document.ts';
import {
  isDict,
  nameOf,
  PdfName,
  PdfRef,
  PdfString,
  type PdfDict,
  type PdfValue,
} from '../pdf/values.ts';

/** True when two parsed values are the same PDF value (references compared, not followed). */
export function sameValue(a: PdfValue | undefined, b: PdfValue | undefined, depth = 0): boolean {
  if (a === b) return true;
  if (depth > 32) return false;
  if (a instanceof PdfName && b instanceof PdfName) return a.name === b.name;
  if (a instanceof PdfRef && b instanceof PdfRef) return a.num === b.num && a.gen === b.gen;
  if (a instanceof PdfString && b instanceof PdfString) return a.bytes.equals(b.bytes);
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index], depth + 1));
  if (isDict(a) && isDict(b))
    return (
      a.size === b.size && [...a].every(([key, item]) => sameValue(item, b.get(key), depth + 1))
    );
  return false;
}

/** The keys whose values differ between two dictionaries (added and removed ones included). */
export function changedKeys(before: PdfDict, after: PdfDict): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => !sameValue(before.get(key), after.get(key)));
}

/** True for a signature field, or a widget whose parent is one. */
export async function isSignatureField(document: PdfDocument, value: PdfValue): Promise<boolean> {
  const field = await document.resolve(value);
  if (!isDict(field)) return false;
  if (nameOf(field.get('FT')) === 'Sig') return true;
  const parent = await document.resolve(field.get('Parent'));
  return isDict(parent) && nameOf(parent.get('FT')) === 'Sig';
}

/** What kind of object a value is, for a reader: its /Type or /Subtype, else 'object'. */
export function kindOf(value: PdfValue): string {
  if (!isDict(value)) return Array.isArray(value) ? 'array' : 'object';
  return nameOf(value.get('Type')) ?? nameOf(value.get('Subtype')) ?? 'object';
}
