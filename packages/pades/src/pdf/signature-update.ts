import type { PdfDocument } from './document.ts';
import {
  firstPage,
  readCatalog,
  writeIncrementalUpdate,
  type NewObject,
} from './incremental-update.ts';
import { pdfDate, serialize, textString } from './serializer.ts';
import { isDict, isRef, PdfError, PdfName, PdfRef, type PdfDict, type PdfValue } from './values.ts';

export interface SignatureFieldOptions {
  /** Bytes reserved for the CMS (or time-stamp token); the hex placeholder is twice this. */
  contentsBytes: number;
  fieldName?: string;
  kind: 'signature' | 'timestamp';
  signingTime: Date;
  name?: string;
  reason?: string;
  location?: string;
}

export interface PreparedUpdate {
  update: Buffer;
  /** Offsets within `update` of the '<' of /Contents and of the ByteRange placeholder. */
  contentsAt: number;
  byteRangeAt: number;
  byteRangeWidth: number;
}

const byteRangeWidth = 60;

async function uniqueFieldName(
  document: PdfDocument,
  fields: PdfValue[],
  wanted: string | undefined,
) {
  const taken = new Set<string>();
  for (const field of fields) {
    const dict = await document.resolve(field);
    const title = isDict(dict) ? dict.get('T') : undefined;
    if (title && typeof title === 'object' && 'bytes' in title)
      taken.add(title.bytes.toString('latin1'));
  }
  if (wanted && !taken.has(wanted)) return wanted;
  for (let index = 1; ; index += 1) if (!taken.has(`Signature${index}`)) return `Signature${index}`;
}

/**
 * Prepares the incremental update that adds one signature (or document time stamp): a
 * signature dictionary with placeholders, an invisible signature field and widget on the
 * first page, the AcroForm (SigFlags 3) and the page's annotations, earlier fields kept.
 */
export async function prepareSignatureUpdate(
  document: PdfDocument,
  options: SignatureFieldOptions,
): Promise<PreparedUpdate> {
  const catalog = await readCatalog(document);
  const page = await firstPage(document, catalog.dict);
  let next = document.size;
  const allocate = () => new PdfRef(next++, 0);
  const sigRef = allocate();
  const fieldRef = allocate();

  const acroFormValue = catalog.dict.get('AcroForm');
  const acroFormRef = isRef(acroFormValue) ? acroFormValue : allocate();
  const existingForm = await document.resolve(acroFormValue);
  const acroForm: PdfDict = isDict(existingForm) ? new Map(existingForm) : new Map();
  const existingFields = await document.resolve(acroForm.get('Fields'));
  const fields = Array.isArray(existingFields) ? existingFields : [];
  const name = await uniqueFieldName(document, fields, options.fieldName);
  acroForm.set('Fields', [...fields, fieldRef]);
  acroForm.set('SigFlags', 3);

  const pageDict: PdfDict = new Map(page.dict);
  const annots = await document.resolve(pageDict.get('Annots'));
  pageDict.set('Annots', [...(Array.isArray(annots) ? annots : []), fieldRef]);

  const signatureDict: PdfDict = new Map<string, PdfValue>([
    ['Type', new PdfName(options.kind === 'timestamp' ? 'DocTimeStamp' : 'Sig')],
    ['Filter', new PdfName('Adobe.PPKLite')],
    [
      'SubFilter',
      new PdfName(options.kind === 'timestamp' ? 'ETSI.RFC3161' : 'ETSI.CAdES.detached'),
    ],
  ]);
  if (options.kind === 'signature') {
    signatureDict.set('M', pdfDate(options.signingTime));
    if (options.name) signatureDict.set('Name', textString(options.name));
    if (options.reason) signatureDict.set('Reason', textString(options.reason));
    if (options.location) signatureDict.set('Location', textString(options.location));
  }
  const dictText = serialize(signatureDict);
  const placeholder = `/ByteRange [${' '.repeat(byteRangeWidth)}] /Contents <${'0'.repeat(options.contentsBytes * 2)}>`;
  const signatureRaw = `${dictText.slice(0, -2)} ${placeholder}>>`;

  const widget: PdfDict = new Map<string, PdfValue>([
    ['Type', new PdfName('Annot')],
    ['Subtype', new PdfName('Widget')],
    ['FT', new PdfName('Sig')],
    ['T', textString(name)],
    ['V', sigRef],
    ['F', 132],
    ['Rect', [0, 0, 0, 0]],
    ['P', page.ref],
  ]);

  const objects: NewObject[] = [
    { ref: sigRef, value: null, raw: signatureRaw },
    { ref: fieldRef, value: widget },
    { ref: acroFormRef, value: acroForm },
    { ref: page.ref, value: pageDict },
  ];
  if (!isRef(acroFormValue)) {
    const catalogDict = new Map(catalog.dict);
    catalogDict.set('AcroForm', acroFormRef);
    objects.push({ ref: catalog.ref, value: catalogDict });
  }
  const update = writeIncrementalUpdate(document, objects);
  const text = update.toString('latin1');
  const sigStart = text.indexOf(`${sigRef.num} 0 obj\n`);
  const byteRangeAt = text.indexOf('/ByteRange [', sigStart) + '/ByteRange ['.length;
  const contentsAt = text.indexOf('/Contents <', sigStart) + '/Contents '.length;
  if (sigStart < 0 || byteRangeAt < sigStart || contentsAt < sigStart)
    throw new PdfError('placeholder not found');
  return { update, contentsAt, byteRangeAt, byteRangeWidth };
}
