import type { PdfDocument } from '../pdf/document.ts';
import { isDict, isRef, nameOf, type PdfDict, type PdfValue } from '../pdf/values.ts';
import { changedKeys, isSignatureField, kindOf, sameValue } from './pdf-values.ts';

/** One object changed or added after a signature: its earlier value (null when new) and now. */
export interface Change {
  num: number;
  before: PdfValue | null;
  after: PdfValue;
}

/** The document's objects whose changes have rules of their own. */
export interface ChangeContext {
  document: PdfDocument;
  catalog: number | null;
  acroForm: number | null;
  dss: number | null;
  info: number | null;
  /** The catalog's /Names and its /EmbeddedFiles name tree, when objects of their own. */
  names: number | null;
  embeddedFiles: number | null;
}

/**
 * What a change is; `reaches` lists values whose changed objects are part of it (appearances,
 * DSS streams, embedded files). A catalog change may also add validation data or an embedded
 * file, and an `undefined` one: what EU DSS calls an undefined change (a warning, not a failure).
 */
export type ChangeVerdict =
  | {
      kind: 'signature' | 'document-timestamp' | 'validation-data' | 'embedded-file' | 'allowed';
      reaches: PdfValue[];
      validationData?: boolean;
      embeddedFile?: boolean;
      undefinedChange?: string;
    }
  | { kind: 'other'; description: string; reaches: PdfValue[] }
  | { kind: 'unclaimed'; reaches: PdfValue[] };

const refNumber = (value: PdfValue | undefined) => (isRef(value) ? value.num : null);

/** The numbers of the current catalog, AcroForm, DSS and document information dictionary. */
export async function changeContext(document: PdfDocument): Promise<ChangeContext> {
  const root = document.trailer.get('Root');
  const catalog = await document.resolve(root);
  const names = isDict(catalog) ? catalog.get('Names') : undefined;
  const namesDict = await document.resolve(names);
  return {
    document,
    catalog: refNumber(root),
    acroForm: isDict(catalog) ? refNumber(catalog.get('AcroForm')) : null,
    dss: isDict(catalog) ? refNumber(catalog.get('DSS')) : null,
    info: refNumber(document.trailer.get('Info')),
    names: refNumber(names),
    embeddedFiles: isDict(namesDict) ? refNumber(namesDict.get('EmbeddedFiles')) : null,
  };
}

/** The array kept every earlier item and gained only signature fields or their widgets. */
async function addsOnlySignatureFields(
  document: PdfDocument,
  before: PdfValue | undefined,
  after: PdfValue | undefined,
): Promise<boolean> {
  if (!Array.isArray(after)) return sameValue(before, after);
  const earlier = Array.isArray(before) ? before : [];
  if (!earlier.every((item) => after.some((current) => sameValue(current, item)))) return false;
  for (const item of after)
    if (!earlier.some((old) => sameValue(old, item)) && !(await isSignatureField(document, item)))
      return false;
  return true;
}

/** A new form, or one that changed only its /Fields (gaining signature fields), /SigFlags, /DR or /DA. */
async function formChangeAllowed(
  document: PdfDocument,
  before: PdfValue | undefined,
  after: PdfDict,
): Promise<boolean> {
  const fitting =
    before === null ||
    before === undefined ||
    (isDict(before) &&
      changedKeys(before, after).every((key) => ['Fields', 'SigFlags', 'DR', 'DA'].includes(key)));
  const fields = isDict(before) ? before.get('Fields') : [];
  return fitting && (await addsOnlySignatureFields(document, fields, after.get('Fields')));
}

/** A names dictionary that is new or changed only its /EmbeddedFiles. */
function onlyEmbeddedFiles(before: PdfValue | undefined, after: PdfDict): boolean {
  if (before === undefined || before === null)
    return [...after.keys()].every((key) => key === 'EmbeddedFiles');
  return isDict(before) && changedKeys(before, after).every((key) => key === 'EmbeddedFiles');
}

/** One line for a reader: 'page 3 changed: /Annots', 'Annot 40 added'. */
export function describeChange(change: Change, what = kindOf(change.after)): string {
  const { num, before, after } = change;
  if (before === null) return `${what} ${num} added`;
  const keys = isDict(before) && isDict(after) ? changedKeys(before, after) : [];
  return `${what} ${num} changed${keys.length ? `: /${keys.join(', /')}` : ''}`;
}

/**
 * Classifies one change by what PAdES allows after a signature (ETSI EN 319 142-1 §5.4,
 * ISO 32000-2 §12.8.2.2): new signature and time-stamp dictionaries, signature fields and
 * their appearances, the AcroForm, catalog and page entries that list them, and the /DSS.
 */
export async function classifyChange(
  change: Change,
  context: ChangeContext,
): Promise<ChangeVerdict> {
  const { num, before, after } = change;
  const { document } = context;
  if (Array.isArray(after))
    return (await addsOnlySignatureFields(document, before ?? [], after))
      ? { kind: 'allowed', reaches: [] }
      : { kind: 'unclaimed', reaches: [] };
  if (!isDict(after)) return { kind: 'unclaimed', reaches: [] };
  const type = nameOf(after.get('Type'));
  const keys = isDict(before) ? changedKeys(before, after) : [];
  const only = (allowed: string[]) => isDict(before) && keys.every((key) => allowed.includes(key));
  const other = (what: string): ChangeVerdict => ({
    kind: 'other',
    description: describeChange(change, what),
    reaches: [],
  });
  if (type === 'XRef' || type === 'ObjStm') return { kind: 'allowed', reaches: [] };
  if (before === null && (type === 'Sig' || type === 'DocTimeStamp' || after.has('ByteRange'))) {
    const stamp = type === 'DocTimeStamp' || nameOf(after.get('SubFilter')) === 'ETSI.RFC3161';
    return { kind: stamp ? 'document-timestamp' : 'signature', reaches: [] };
  }
  if (num === context.dss || type === 'DSS') return { kind: 'validation-data', reaches: [after] };
  if (num === context.catalog) {
    // A form written inside the catalog is judged as one in its own object would be.
    const form = after.get('AcroForm');
    const formBefore = isDict(before) ? before.get('AcroForm') : undefined;
    const inlineForm = keys.includes('AcroForm') && isDict(form);
    if (inlineForm && !(await formChangeAllowed(document, formBefore, form)))
      return other('the form in the document catalog');
    const names = after.get('Names');
    const namesBefore = isDict(before) ? before.get('Names') : undefined;
    // Names written inside the catalog may gain only /EmbeddedFiles (never /JavaScript...).
    if (keys.includes('Names') && isDict(names) && !onlyEmbeddedFiles(namesBefore, names))
      return other('the names in the document catalog');
    if (!only(['AcroForm', 'DSS', 'Extensions', 'Names', 'AF']))
      return other('the document catalog');
    const embedded = keys.includes('Names') || keys.includes('AF');
    return {
      kind: keys.includes('DSS') ? 'validation-data' : embedded ? 'embedded-file' : 'allowed',
      reaches: [
        ...(inlineForm ? [form.get('DR') ?? null] : []),
        ...(keys.includes('Names') && isDict(names) ? [names.get('EmbeddedFiles') ?? null] : []),
        ...(keys.includes('Names') && isRef(names) ? [names] : []),
        ...(keys.includes('AF') ? [after.get('AF') ?? null] : []),
      ],
      validationData: keys.includes('DSS'),
      embeddedFile: embedded,
      // EU DSS files an /AF key of the catalog under none of its allowed kinds.
      ...(keys.includes('AF')
        ? { undefinedChange: describeChange(change, 'the document catalog') }
        : {}),
    };
  }
  if (num === context.names)
    return onlyEmbeddedFiles(before ?? undefined, after)
      ? { kind: 'embedded-file', reaches: [after.get('EmbeddedFiles') ?? null] }
      : other('the names dictionary');
  if (num === context.embeddedFiles)
    return before === null || only(['Names'])
      ? { kind: 'embedded-file', reaches: [after.get('Names') ?? null] }
      : other('the embedded files');
  if (num === context.acroForm)
    return (await formChangeAllowed(document, before, after))
      ? { kind: 'allowed', reaches: [after.get('DR') ?? null] }
      : other('the form');
  if (type === 'Page')
    return only(['Annots']) &&
      (await addsOnlySignatureFields(
        document,
        isDict(before) ? before.get('Annots') : [],
        after.get('Annots'),
      ))
      ? { kind: 'allowed', reaches: [] }
      : other('page');
  if (await isSignatureField(document, after)) {
    // A new signature field, or an empty one given its value and appearance.
    const signedBefore = isDict(before) && before.has('V');
    const filled =
      only(nameOf(after.get('FT')) === 'Sig' ? ['V', 'AP'] : ['AP']) &&
      !(signedBefore && keys.includes('V'));
    return before === null || filled
      ? { kind: 'allowed', reaches: [after.get('AP') ?? null] }
      : other('signature field');
  }
  if (num === context.info) return other('the document information');
  return { kind: 'unclaimed', reaches: [] };
}
