import { appendFile, copyFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { PdfDocument } from './document.ts';
import { helveticaFont } from './drawing.ts';
import { listFormFields, newFieldNames } from './form-fields.ts';
import { firstPageMediaBox, readPageTreeRoot } from './page-tree.ts';
import { readCatalog, writeIncrementalUpdate, type NewObject } from './incremental-update.ts';
import { textString } from './serializer.ts';
import {
  layoutSignaturePage,
  signaturePageBox,
  type Box,
  type SignaturePageLanguage,
  type SignaturePageSigner,
} from './signature-page-layout.ts';
import { fileSource } from './source.ts';
import {
  isDict,
  isRef,
  numberOf,
  PdfError,
  PdfName,
  PdfRef,
  type PdfDict,
  type PdfValue,
} from './values.ts';

export interface PrepareForSigningOptions {
  input: string;
  output: string;
  title: string;
  signers: SignaturePageSigner[];
  language: SignaturePageLanguage;
}

/** A merged signature field and widget without a value, printed, on its box. */
function emptySignatureField(name: string, box: Box, page: PdfRef): PdfDict {
  return new Map<string, PdfValue>([
    ['Type', new PdfName('Annot')],
    ['Subtype', new PdfName('Widget')],
    ['FT', new PdfName('Sig')],
    ['T', textString(name)],
    ['F', 4],
    ['Rect', [box.x, box.y, box.x + box.width, box.y + box.height]],
    ['P', page],
  ]);
}

/**
 * Prepares the update that appends a signature page (heading, title, one box per signer
 * with the name and e-mail under it) and one empty signature field per signer on its box,
 * added to the AcroForm and the page; earlier pages, fields and signatures are kept.
 */
export async function prepareSignaturePageUpdate(
  document: PdfDocument,
  options: Omit<PrepareForSigningOptions, 'input' | 'output'>,
): Promise<{ update: Buffer; fieldNames: string[] }> {
  if (options.signers.length === 0) throw new PdfError('a signature page needs a signer');
  const catalog = await readCatalog(document);
  const { ref: rootRef, dict: root, kids, count } = await readPageTreeRoot(document, catalog.dict);

  const acroFormValue = catalog.dict.get('AcroForm');
  const existingForm = await document.resolve(acroFormValue);
  const acroForm: PdfDict = isDict(existingForm) ? new Map(existingForm) : new Map();
  const existingFields = await document.resolve(acroForm.get('Fields'));
  const fields = Array.isArray(existingFields) ? existingFields : [];
  const taken = new Set((await listFormFields(document, fields)).map((field) => field.fullName));
  const fieldNames = newFieldNames(options.signers, taken, 'Signer');

  const mediaBox = signaturePageBox(await firstPageMediaBox(document, root));
  const { content, boxes } = layoutSignaturePage(mediaBox, options);
  let next = document.size;
  const allocate = () => new PdfRef(next++, 0);
  const [pageRef, fontRef, contentRef] = [allocate(), allocate(), allocate()];
  const fieldRefs = fieldNames.map(() => allocate());
  const objects: NewObject[] = [
    { ref: fontRef, value: helveticaFont() },
    {
      ref: contentRef,
      value: {
        dict: new Map([['Filter', new PdfName('FlateDecode')]]),
        data: deflateSync(content),
      },
    },
    {
      ref: pageRef,
      value: new Map<string, PdfValue>([
        ['Type', new PdfName('Page')],
        ['Parent', rootRef],
        // Set here so that nothing inherited from the tree (rotation, crop) changes the page.
        ['MediaBox', [...mediaBox]],
        ['CropBox', [...mediaBox]],
        ['Rotate', 0],
        ['Resources', new Map([['Font', new Map([['F1', fontRef]])]])],
        ['Contents', contentRef],
        ['Annots', fieldRefs],
      ]),
    },
    { ref: rootRef, value: new Map([...root, ['Kids', [...kids, pageRef]], ['Count', count + 1]]) },
  ];
  boxes.forEach((box, index) => {
    const ref = fieldRefs[index];
    const name = fieldNames[index];
    if (ref && name !== undefined)
      objects.push({ ref, value: emptySignatureField(name, box, pageRef) });
  });

  acroForm.set('Fields', [...fields, ...fieldRefs]);
  acroForm.set('SigFlags', (numberOf(acroForm.get('SigFlags')) ?? 0) | 1);
  const acroFormRef = isRef(acroFormValue) ? acroFormValue : allocate();
  objects.push({ ref: acroFormRef, value: acroForm });
  if (!isRef(acroFormValue))
    objects.push({
      ref: catalog.ref,
      value: new Map([...catalog.dict, ['AcroForm', acroFormRef]]),
    });
  return { update: writeIncrementalUpdate(document, objects), fieldNames };
}

/**
 * Writes `output`: `input` unchanged plus an update that appends the signature page with
 * one empty signature field per signer. Answers the field names, in the signers' order.
 */
export async function prepareForSigning(options: PrepareForSigningOptions): Promise<string[]> {
  const source = await fileSource(options.input);
  let prepared: { update: Buffer; fieldNames: string[] };
  try {
    prepared = await prepareSignaturePageUpdate(await PdfDocument.open(source), options);
  } finally {
    await source.close();
  }
  if (options.input !== options.output) await copyFile(options.input, options.output);
  await appendFile(options.output, prepared.update);
  return prepared.fieldNames;
}
