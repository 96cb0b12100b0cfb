import type { PdfDocument } from './document.ts';
import { readTextString } from './serializer.ts';
import {
  isDict,
  isRef,
  nameOf,
  PdfError,
  PdfString,
  type PdfDict,
  type PdfRef,
  type PdfValue,
} from './values.ts';

export interface FormField {
  /** The field's reference; null for a field written directly into its parent. */
  ref: PdfRef | null;
  dict: PdfDict;
  /** The fully qualified name (partial names joined with '.'). */
  fullName: string;
  /** The field type, inherited from ancestors when the field does not say. */
  type: string | undefined;
}

const maxDepth = 16;

/** Every named field of an AcroForm's /Fields tree, with full names; loops and depth are bounded. */
export async function listFormFields(
  document: PdfDocument,
  fields: PdfValue[],
): Promise<FormField[]> {
  const found: FormField[] = [];
  const seen = new Set<number>();
  const visit = async (
    items: PdfValue,
    parentName: string | null,
    parentType: string | undefined,
    depth: number,
  ) => {
    if (!Array.isArray(items) || depth > maxDepth) return;
    for (const item of items) {
      if (isRef(item)) {
        if (seen.has(item.num)) continue;
        seen.add(item.num);
      }
      const dict = await document.resolve(item);
      const title = isDict(dict) ? dict.get('T') : undefined;
      // A kid without a name is a widget of its parent, not a field of its own.
      if (!isDict(dict) || !(title instanceof PdfString)) continue;
      const partial = readTextString(title);
      const fullName = parentName === null ? partial : `${parentName}.${partial}`;
      const type = nameOf(dict.get('FT')) ?? parentType;
      found.push({ ref: isRef(item) ? item : null, dict, fullName, type });
      await visit(await document.resolve(dict.get('Kids')), fullName, type, depth + 1);
    }
  };
  await visit(fields, null, undefined, 0);
  return found;
}

/**
 * Names for new fields: each wanted name when it is free and has no '.', else an error;
 * without a wanted name, the first free `${prefix}1`, `${prefix}2`, ...
 */
export function newFieldNames(
  wanted: Array<{ fieldName?: string }>,
  taken: Set<string>,
  prefix: string,
): string[] {
  const used = new Set(taken);
  let counter = 1;
  return wanted.map(({ fieldName }) => {
    if (fieldName !== undefined) {
      if (fieldName === '' || fieldName.includes('.') || used.has(fieldName))
        throw new PdfError(`cannot name a signature field '${fieldName}'`);
      used.add(fieldName);
      return fieldName;
    }
    while (used.has(`${prefix}${counter}`)) counter += 1;
    used.add(`${prefix}${counter}`);
    return `${prefix}${counter}`;
  });
}
