import { deflateSync } from 'node:zlib';
import type { PdfDocument } from './document.ts';
import type { FontSubsets } from './font-subset.ts';
import { listFormFields } from './form-fields.ts';
import { acroFormUpdate } from './acro-form-update.ts';
import { readCatalog, writeIncrementalUpdate, type NewObject } from './incremental-update.ts';
import { appendToArray, readDictionaryObject, rewrittenObject } from './object-rewrite.ts';
import { deviceColorModel, type ColorModel } from './output-intent.ts';
import { firstPageMediaBox, readPageTreeRoot } from './page-tree.ts';
import { textString } from './serializer.ts';
import type { StructureElement } from './structure-elements.ts';
import { readStructureTarget, type StructureTarget } from './structure-tree.ts';
import { structureUpdate } from './structure-update.ts';
import { signaturePageBox, type Box } from './signature-page-layout.ts';
import { isDict, PdfName, PdfRef, type PdfDict, type PdfValue } from './values.ts';

/** An empty signature field on an appended page; `description` names it to people (/TU). */
export interface AppendedField {
  name: string;
  box: Box;
  description?: string;
}

/** A page to append: its content stream and its empty signature fields. */
export interface AppendedPage {
  content: Buffer;
  fields: AppendedField[];
}

/** Pages to append, the fonts their content streams use, and their structure elements. */
export interface AppendedPages {
  pages: AppendedPage[];
  fonts: FontSubsets;
  /** Added to the document's structure tree when it has one (a tagged PDF). */
  structure: StructureElement[];
}

/** What appending pages to a document starts from: its catalog and page tree. */
export interface AppendTarget {
  catalog: { ref: PdfRef; dict: PdfDict };
  root: { ref: PdfRef; dict: PdfDict; kids: PdfValue[]; count: number };
  /** Full names of the form's fields, which new fields must not reuse. */
  takenFieldNames: Set<string>;
  /** The appended pages' MediaBox (signaturePageBox of the first page's). */
  mediaBox: readonly [number, number, number, number];
  /** The structure tree of a tagged document, else null. */
  structure: StructureTarget | null;
  /** The device colours the pages may be drawn in (a PDF/A file's output intent decides). */
  colorModel: ColorModel;
}

/**
 * A merged signature field and widget without a value, printed, on its box, with an empty
 * normal appearance: PDF/A wants one on every widget with an area (ISO 19005-2 §6.3.3).
 */
function emptySignatureField(field: AppendedField, page: PdfRef, appearance: PdfRef): PdfDict {
  const { box } = field;
  const dict = new Map<string, PdfValue>([
    ['Type', new PdfName('Annot')],
    ['Subtype', new PdfName('Widget')],
    ['FT', new PdfName('Sig')],
    ['T', textString(field.name)],
    ['F', 4],
    ['Rect', [box.x, box.y, box.x + box.width, box.y + box.height]],
    ['P', page],
    ['AP', new Map([['N', appearance]])],
  ]);
  if (field.description) dict.set('TU', textString(field.description));
  return dict;
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
  const structure = await readStructureTarget(document, catalog.dict);
  const colorModel = await deviceColorModel(document, catalog.dict);
  return { catalog, root, takenFieldNames, mediaBox, structure, colorModel };
}

/**
 * The incremental update that appends `pages` after the last page, each with its empty
 * signature fields added to the page and the AcroForm (SigFlags 1 at least), the fonts
 * embedded, and in a tagged document the pages' elements added to the structure tree;
 * earlier pages, fields and signatures are kept, and no earlier byte changes: the page tree's
 * root, the form and the catalog are written again with only their changed keys different.
 */
export async function appendPagesUpdate(
  document: PdfDocument,
  target: AppendTarget,
  appended: AppendedPages,
): Promise<Buffer> {
  const { catalog, root, mediaBox } = target;
  const { pages } = appended;
  let next = document.size;
  const allocate = () => new PdfRef(next++, 0);
  const pageRefs = pages.map(() => allocate());
  const contentRefs = pages.map(() => allocate());
  const fieldRefs = pages.map((page) => page.fields.map(() => allocate()));
  const fonts = appended.fonts.write(allocate);
  const objects: NewObject[] = [...fonts.objects];
  const catalogChanges: PdfDict = new Map();
  const structure = target.structure
    ? structureUpdate(
        target.structure,
        { elements: appended.structure, pages: pageRefs, fields: fieldRefs },
        allocate,
      )
    : null;
  if (structure) {
    objects.push(...structure.objects);
    if (structure.catalogRoot) catalogChanges.set('StructTreeRoot', structure.catalogRoot);
  }

  pages.forEach((page, index) => {
    const [pageRef, contentRef] = [pageRefs[index], contentRefs[index]];
    if (!pageRef || !contentRef) return;
    objects.push({
      ref: contentRef,
      value: {
        dict: new Map([['Filter', new PdfName('FlateDecode')]]),
        data: deflateSync(page.content),
      },
    });
    const pageDict = new Map<string, PdfValue>([
      ['Type', new PdfName('Page')],
      ['Parent', root.ref],
      // Set here so that nothing inherited from the tree (rotation, crop) changes the page.
      ['MediaBox', [...mediaBox]],
      ['CropBox', [...mediaBox]],
      ['Rotate', 0],
      ['Resources', new Map([['Font', fonts.resources]])],
      ['Contents', contentRef],
      ['Annots', fieldRefs[index] ?? []],
    ]);
    const key = structure?.pageKeys[index];
    if (key !== undefined) {
      pageDict.set('StructParents', key);
      pageDict.set('Tabs', new PdfName('S'));
    }
    objects.push({ ref: pageRef, value: pageDict });
  });
  const rootText = await readDictionaryObject(document, root.ref);
  objects.push(...(await appendToArray(document, rootText, 'Kids', pageRefs)));
  objects.push(rewrittenObject(root.ref, rootText.set('Count', root.count + pages.length)));
  objects.push(...fieldObjects(pages, pageRefs, fieldRefs, structure?.fieldKeys ?? [], allocate));

  const formChange = { fields: fieldRefs.flat(), sigFlags: 1, catalog: catalogChanges };
  objects.push(...(await acroFormUpdate(document, catalog.ref, formChange, allocate)));
  return writeIncrementalUpdate(document, objects);
}

/** The pages' empty fields, with one empty appearance per box size, and their keys if tagged. */
function fieldObjects(
  pages: AppendedPage[],
  pageRefs: PdfRef[],
  fieldRefs: PdfRef[][],
  fieldKeys: Array<Array<number | undefined>>,
  allocate: () => PdfRef,
): NewObject[] {
  const objects: NewObject[] = [];
  const appearances = new Map<string, PdfRef>();
  pages.forEach((page, pageIndex) => {
    const pageRef = pageRefs[pageIndex];
    page.fields.forEach((field, index) => {
      const ref = fieldRefs[pageIndex]?.[index];
      if (!ref || !pageRef) return;
      const { width, height } = field.box;
      let appearance = appearances.get(`${width} ${height}`);
      if (!appearance) {
        appearance = allocate();
        appearances.set(`${width} ${height}`, appearance);
        objects.push({ ref: appearance, value: emptyAppearance(width, height) });
      }
      const dict = emptySignatureField(field, pageRef, appearance);
      const key = fieldKeys[pageIndex]?.[index];
      if (key !== undefined) dict.set('StructParent', key);
      objects.push({ ref, value: dict });
    });
  });
  return objects;
}

/** A Form XObject of the box's size that draws nothing: the page itself draws the frame. */
function emptyAppearance(width: number, height: number): { dict: PdfDict; data: Buffer } {
  return {
    dict: new Map<string, PdfValue>([
      ['Type', new PdfName('XObject')],
      ['Subtype', new PdfName('Form')],
      ['BBox', [0, 0, width, height]],
      ['Resources', new Map()],
    ]),
    data: Buffer.alloc(0),
  };
}
