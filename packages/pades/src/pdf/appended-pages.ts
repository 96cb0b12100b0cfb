import { deflateSync } from 'node:zlib';
import type { PdfDocument } from './document.ts';
import { helveticaFont } from './drawing.ts';
import { listFormFields } from './form-fields.ts';
import { acroFormUpdate } from './acro-form-update.ts';
import { readCatalog, writeIncrementalUpdate, type NewObject } from './incremental-update.ts';
import { appendToArray, readDictionaryObject, rewrittenObject } from './object-rewrite.ts';
import { firstPageMediaBox, readPageTreeRoot } from './page-tree.ts';
import { textString } from './serializer.ts';
import { signaturePageBox, type Box } from './signature-page-layout.ts';
import { isDict, PdfName, PdfRef, type PdfDict, type PdfValue } from './values.ts';

/** A page to append: its content stream (font /F1 is Helvetica) and its empty signature fields. */
export interface AppendedPage {
  content: Buffer;
  fields: Array<{ name: string; box: Box }>;
}

/** What appending pages to a document starts from: its catalog and page tree. */
export interface AppendTarget {
  catalog: { ref: PdfRef; dict: PdfDict };
  root: { ref: PdfRef; dict: PdfDict; kids: PdfValue[]; count: number };
  /** Full names of the form's fields, which new fields must not reuse. */
  takenFieldNames: Set<string>;
  /** The appended pages' MediaBox (signaturePageBox of the first page's). */
  mediaBox: readonly [number, number, number, number];
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

/** Reads what appendPagesUpdate needs; a broken catalog or page tree is a PdfError. */
export async function readAppendTarget(document: PdfDocument): Promise<AppendTarget> {
  const catalog = await readCatalog(document);
  const root = await readPageTreeRoot(document, catalog.dict);
  const acroForm = await document.resolve(catalog.dict.get('AcroForm'));
  const fields = await document.resolve(isDict(acroForm) ? acroForm.get('Fields') : undefined);
  const takenFieldNames = new Set(
    (await listFormFields(document, Array.isArray(fields) ? fields : [])).map(
      (field) => field.fullName,
    ),
  );
  const mediaBox = signaturePageBox(await firstPageMediaBox(document, root.dict));
  return { catalog, root, takenFieldNames, mediaBox };
}

/**
 * The incremental update that appends `pages` after the last page, each with its empty
 * signature fields added to the page and the AcroForm (SigFlags 1 at least); earlier
 * pages, fields and signatures are kept, and no earlier byte changes: the page tree's root,
 * the form and the catalog are written again with only their changed keys different.
 */
export async function appendPagesUpdate(
  document: PdfDocument,
  target: AppendTarget,
  pages: AppendedPage[],
): Promise<Buffer> {
  const { catalog, root, mediaBox } = target;
  let next = document.size;
  const allocate = () => new PdfRef(next++, 0);
  const pageRefs = pages.map(() => allocate());
  const fontRef = allocate();
  const contentRefs = pages.map(() => allocate());
  const fieldRefs = pages.map((page) => page.fields.map(() => allocate()));
  const objects: NewObject[] = [{ ref: fontRef, value: helveticaFont() }];
  pages.forEach((page, index) => {
    const contentRef = contentRefs[index];
    if (contentRef)
      objects.push({
        ref: contentRef,
        value: {
          dict: new Map([['Filter', new PdfName('FlateDecode')]]),
          data: deflateSync(page.content),
        },
      });
  });
  pages.forEach((_page, index) => {
    const [pageRef, contentRef] = [pageRefs[index], contentRefs[index]];
    if (!pageRef || !contentRef) return;
    objects.push({
      ref: pageRef,
      value: new Map<string, PdfValue>([
        ['Type', new PdfName('Page')],
        ['Parent', root.ref],
        // Set here so that nothing inherited from the tree (rotation, crop) changes the page.
        ['MediaBox', [...mediaBox]],
        ['CropBox', [...mediaBox]],
        ['Rotate', 0],
        ['Resources', new Map([['Font', new Map([['F1', fontRef]])]])],
        ['Contents', contentRef],
        ['Annots', fieldRefs[index] ?? []],
      ]),
    });
  });
  const rootText = await readDictionaryObject(document, root.ref);
  objects.push(...(await appendToArray(document, rootText, 'Kids', pageRefs)));
  objects.push(rewrittenObject(root.ref, rootText.set('Count', root.count + pages.length)));
  pages.forEach((page, pageIndex) => {
    const pageRef = pageRefs[pageIndex];
    page.fields.forEach((field, index) => {
      const ref = fieldRefs[pageIndex]?.[index];
      if (ref && pageRef)
        objects.push({ ref, value: emptySignatureField(field.name, field.box, pageRef) });
    });
  });

  const formChange = { fields: fieldRefs.flat(), sigFlags: 1 };
  objects.push(...(await acroFormUpdate(document, catalog.ref, formChange, allocate)));
  return writeIncrementalUpdate(document, objects);
}
