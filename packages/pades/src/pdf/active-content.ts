import { PdfDocument } from './document.ts';
import { readCatalog } from './incremental-update.ts';
import { fileSource, readAheadSource } from './source.ts';
import { isDict, nameOf, PdfRef, type PdfDict, type PdfValue } from './values.ts';
import { isFreeEntry } from './xref-entry.ts';

/** What can make a PDF show or do something other than its pages. */
export type ActiveContentKind =
  'javascript' | 'automatic-action' | 'action' | 'embedded-file' | 'xfa-form';

export interface ActiveContent {
  kind: ActiveContentKind;
  /** Where it was found, for logs: e.g. 'Launch action in object 12'. */
  detail: string;
}

// A click may move within the document, open a web address or turn a page; an action that runs
// on its own (opening the file, viewing a page, a field's events) may only move within it.
const clickActions = new Set(['GoTo', 'URI', 'Named']);
const automaticActions = new Set(['GoTo']);
const maxActionChain = 32;

/** Checks one action and the chain of /Next actions after it. */
async function checkAction(
  document: PdfDocument,
  value: PdfValue | undefined,
  automatic: boolean,
  where: string,
  found: ActiveContent[],
  depth = 0,
): Promise<void> {
  if (depth > maxActionChain) return;
  const action = await document.resolve(value);
  // /Next may list several actions; an /A that is an array is a structure element's attributes.
  if (Array.isArray(action) && depth > 0) {
    for (const next of action)
      await checkAction(document, next, automatic, where, found, depth + 1);
    return;
  }
  // Every action names its type (/S); a dictionary without one (attributes again) is none.
  const type = isDict(action) ? nameOf(action.get('S')) : undefined;
  if (!isDict(action) || type === undefined) return;
  if (type === 'JavaScript' || action.has('JS'))
    found.push({ kind: 'javascript', detail: `JavaScript action in ${where}` });
  else if (!(automatic ? automaticActions : clickActions).has(type))
    found.push({
      kind: automatic ? 'automatic-action' : 'action',
      detail: `${type} action in ${where}`,
    });
  if (action.has('Next'))
    await checkAction(document, action.get('Next'), automatic, where, found, depth + 1);
}

/** Checks a value read from the file (and the direct values inside it) for active content. */
async function checkValue(
  document: PdfDocument,
  value: PdfValue,
  where: string,
  found: ActiveContent[],
): Promise<void> {
  if (Array.isArray(value)) {
    for (const item of value) await checkValue(document, item, where, found);
    return;
  }
  if (!isDict(value)) return;
  if (value.has('JS') || nameOf(value.get('S')) === 'JavaScript')
    found.push({ kind: 'javascript', detail: `JavaScript in ${where}` });
  if (nameOf(value.get('Type')) === 'Action')
    await checkAction(document, value, false, where, found);
  if (value.has('A')) await checkAction(document, value.get('A'), false, where, found);
  const additional = await document.resolve(value.get('AA'));
  if (isDict(additional))
    for (const trigger of additional.values())
      await checkAction(document, trigger, true, where, found);
  if (
    value.has('EF') ||
    nameOf(value.get('Type')) === 'EmbeddedFile' ||
    nameOf(value.get('Subtype')) === 'FileAttachment'
  )
    found.push({ kind: 'embedded-file', detail: `embedded file in ${where}` });
  for (const [key, inner] of value) {
    // Actions were checked above with what they run on; everything else may hold more.
    if (key !== 'A' && key !== 'AA') await checkValue(document, inner, where, found);
  }
}

/** What the catalog itself asks for: an opening action, document scripts, attached files, XFA. */
async function checkCatalog(document: PdfDocument, catalog: PdfDict, found: ActiveContent[]) {
  const opening = await document.resolve(catalog.get('OpenAction'));
  // An array is a destination: the page the viewer opens at.
  if (isDict(opening)) await checkAction(document, opening, true, 'the catalog', found);
  const names = await document.resolve(catalog.get('Names'));
  if (isDict(names) && names.has('JavaScript'))
    found.push({ kind: 'javascript', detail: 'document-level JavaScript' });
  if (isDict(names) && names.has('EmbeddedFiles'))
    found.push({ kind: 'embedded-file', detail: 'embedded files in the catalog' });
  const associated = await document.resolve(catalog.get('AF'));
  if (Array.isArray(associated) && associated.length > 0)
    found.push({ kind: 'embedded-file', detail: 'associated files in the catalog' });
  const form = await document.resolve(catalog.get('AcroForm'));
  if (isDict(form) && form.has('XFA'))
    found.push({
      kind: 'xfa-form',
      detail: 'an XFA form, which viewers draw instead of the pages',
    });
}

/**
 * Every script, action other than moving within the document or following a link, embedded
 * file and XFA form of the document: in the catalog, and in every object the cross-references
 * list (pages, annotations, form fields, outlines, name trees alike). Reads each object once,
 * in file order; a file that cannot be read ends in a PdfError.
 */
export async function findActiveContent(document: PdfDocument): Promise<ActiveContent[]> {
  const found: ActiveContent[] = [];
  await checkCatalog(document, (await readCatalog(document)).dict, found);
  const inUse = [...document.entries].filter(([, entry]) => !isFreeEntry(entry));
  // Plain objects by offset, then compressed ones stream by stream: each read or decoded once.
  const order = ([, entry]: (typeof inUse)[number]) =>
    entry.type === 'offset' ? entry.offset : Number.MAX_SAFE_INTEGER / 2 + entry.stream;
  inUse.sort((first, second) => order(first) - order(second));
  for (const [num] of inUse) {
    const value = await document.getObject(new PdfRef(num, 0));
    await checkValue(document, value, `object ${num}`, found);
    if (found.length >= 20) break;
  }
  return found;
}

/** findActiveContent on a file, reading it ahead a block at a time. */
export async function findActiveContentIn(input: string): Promise<ActiveContent[]> {
  const file = await fileSource(input);
  try {
    return await findActiveContent(await PdfDocument.open(readAheadSource(file)));
  } finally {
    await file.close();
  }
}
