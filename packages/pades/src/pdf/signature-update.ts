import type { PdfDocument } from './document.ts';
import { listFormFields, type FormField } from './form-fields.ts';
import { acroFormUpdate } from './acro-form-update.ts';
import {
  firstPage,
  readCatalog,
  writeIncrementalUpdate,
  type NewObject,
} from './incremental-update.ts';
import { appendToArray, readDictionaryObject, rewrittenObject } from './object-rewrite.ts';
import { pdfDate, serialize, textString } from './serializer.ts';
import { fillEmptySignatureField } from './signature-field-fill.ts';
import type { SignatureFieldOptions } from './signature-field-options.ts';
import { isDict, PdfError, PdfName, PdfRef, type PdfDict, type PdfValue } from './values.ts';

export interface PreparedUpdate {
  update: Buffer;
  /** Offsets within `update` of the '<' of /Contents and of the ByteRange placeholder. */
  contentsAt: number;
  byteRangeAt: number;
  byteRangeWidth: number;
}

const byteRangeWidth = 60;

function uniqueFieldName(fields: FormField[], wanted: string | undefined): string {
  const taken = new Set(fields.map((field) => field.fullName));
  if (wanted && !taken.has(wanted)) return wanted;
  for (let index = 1; ; index += 1) if (!taken.has(`Signature${index}`)) return `Signature${index}`;
}

/** The signature dictionary's text with blank /ByteRange and zeroed /Contents placeholders. */
function signatureDictionaryText(options: SignatureFieldOptions): string {
  const timestamp = options.kind === 'timestamp';
  const dict: PdfDict = new Map<string, PdfValue>([
    ['Type', new PdfName(timestamp ? 'DocTimeStamp' : 'Sig')],
    ['Filter', new PdfName('Adobe.PPKLite')],
    ['SubFilter', new PdfName(timestamp ? 'ETSI.RFC3161' : 'ETSI.CAdES.detached')],
  ]);
  if (!timestamp) {
    dict.set('M', pdfDate(options.signingTime));
    if (options.name) dict.set('Name', textString(options.name));
    if (options.reason) dict.set('Reason', textString(options.reason));
    if (options.location) dict.set('Location', textString(options.location));
  }
  const placeholder = `/ByteRange [${' '.repeat(byteRangeWidth)}] /Contents <${'0'.repeat(options.contentsBytes * 2)}>`;
  return `${serialize(dict).slice(0, -2)} ${placeholder}>>`;
}

/** A new invisible field and widget on the first page, listed in the page's annotations. */
async function addInvisibleField(
  document: PdfDocument,
  catalog: PdfDict,
  refs: { field: PdfRef; signature: PdfRef },
  name: string,
): Promise<NewObject[]> {
  const page = await firstPage(document, catalog);
  const pageText = await readDictionaryObject(document, page.ref);
  // The page keeps every byte but its /Annots (or, when that is its own object, all of them).
  const annots = await appendToArray(document, pageText, 'Annots', [refs.field]);
  const widget: PdfDict = new Map<string, PdfValue>([
    ['Type', new PdfName('Annot')],
    ['Subtype', new PdfName('Widget')],
    ['FT', new PdfName('Sig')],
    ['T', textString(name)],
    ['V', refs.signature],
    ['F', 132],
    ['Rect', [0, 0, 0, 0]],
    ['P', page.ref],
  ]);
  return [
    { ref: refs.field, value: widget },
    ...annots,
    ...(pageText.changed ? [rewrittenObject(page.ref, pageText)] : []),
  ];
}

/**
 * Prepares the incremental update that adds one signature (or document time stamp): a
 * signature dictionary with placeholders, put into the empty signature field `fieldName`
 * (drawing its appearance) when there is one, else into a new invisible field on the first
 * page; the AcroForm gets SigFlags 3 and keeps its earlier fields. Objects written again keep
 * every original byte but the keys that change. A signed field is refused.
 */
export async function prepareSignatureUpdate(
  document: PdfDocument,
  options: SignatureFieldOptions,
): Promise<PreparedUpdate> {
  const catalog = await readCatalog(document);
  let next = document.size;
  const allocate = () => new PdfRef(next++, 0);
  const sigRef = allocate();

  const acroForm = await document.resolve(catalog.dict.get('AcroForm'));
  const fields = await document.resolve(isDict(acroForm) ? acroForm.get('Fields') : undefined);
  const formFields = await listFormFields(document, Array.isArray(fields) ? fields : []);
  const target = formFields.find((field) => field.fullName === options.fieldName);

  const objects: NewObject[] = [
    { ref: sigRef, value: null, raw: signatureDictionaryText(options) },
  ];
  const newFields: PdfRef[] = [];
  if (target) {
    objects.push(...(await fillEmptySignatureField(document, target, sigRef, allocate, options)));
  } else {
    const fieldRef = allocate();
    newFields.push(fieldRef);
    const name = uniqueFieldName(formFields, options.fieldName);
    const refs = { field: fieldRef, signature: sigRef };
    objects.push(...(await addInvisibleField(document, catalog.dict, refs, name)));
  }
  const formChange = { fields: newFields, sigFlags: 3 };
  objects.push(...(await acroFormUpdate(document, catalog.ref, formChange, allocate)));
  const update = writeIncrementalUpdate(document, objects);
  const text = update.toString('latin1');
  const sigStart = text.indexOf(`${sigRef.num} 0 obj\n`);
  const byteRangeAt = text.indexOf('/ByteRange [', sigStart) + '/ByteRange ['.length;
  const contentsAt = text.indexOf('/Contents <', sigStart) + '/Contents '.length;
  if (sigStart < 0 || byteRangeAt < sigStart || contentsAt < sigStart)
    throw new PdfError('placeholder not found');
  return { update, contentsAt, byteRangeAt, byteRangeWidth };
}
