import { createHash } from 'node:crypto';
import { appendFile, copyFile } from 'node:fs/promises';
import { PdfDocument } from './document.ts';
import { writeIncrementalUpdate, type NewObject } from './incremental-update.ts';
import {
  appendToArray,
  catalogEntryObjects,
  readCatalogEntry,
  readDictionaryObject,
  rewrittenObject,
} from './object-rewrite.ts';
import { pdfDate, readTextString, textString } from './serializer.ts';
import { fileSource } from './source.ts';
import { isDict, isRef, PdfError, PdfName, PdfRef, PdfString, type PdfValue } from './values.ts';

/** What an embedded file's file specification says of it (ISO 32000-2 §7.11.3, §14.13). */
export interface EmbeddedFileOptions {
  /** The name it is listed and saved under (the file specification's /F and /UF). */
  name: string;
  data: Buffer;
  /** Its MIME type, the stream's /Subtype (`application/pdf`). */
  mimeType: string;
  description: string;
  /** How it relates to the document (the file specification's /AFRelationship). */
  relationship: 'Source' | 'Data' | 'Alternative' | 'Supplement' | 'Unspecified';
  modified: Date;
}

const nameOfKey = (value: PdfValue | undefined) =>
  value instanceof PdfString ? readTextString(value) : undefined;

/** The embedded file's stream and its file specification, numbered from `allocate`. */
function fileObjects(options: EmbeddedFileOptions, allocate: () => PdfRef) {
  const stream = allocate();
  const spec = allocate();
  const params = new Map<string, PdfValue>([
    ['Size', options.data.length],
    ['ModDate', pdfDate(options.modified)],
    // ISO 32000 §7.11.4.2: the checksum is the MD5 digest of the file's bytes.
    ['CheckSum', new PdfString(createHash('md5').update(options.data).digest(), true)],
  ]);
  const streamDict = new Map<string, PdfValue>([
    ['Type', new PdfName('EmbeddedFile')],
    ['Subtype', new PdfName(options.mimeType)],
    ['Params', params],
  ]);
  const fileName = textString(options.name);
  const specDict = new Map<string, PdfValue>([
    ['Type', new PdfName('Filespec')],
    ['F', fileName],
    ['UF', fileName],
    ['Desc', textString(options.description)],
    ['AFRelationship', new PdfName(options.relationship)],
    [
      'EF',
      new Map<string, PdfValue>([
        ['F', stream],
        ['UF', stream],
      ]),
    ],
  ]);
  const objects: NewObject[] = [
    { ref: stream, value: { dict: streamDict, data: options.data } },
    { ref: spec, value: specDict },
  ];
  return { spec, objects };
}

/**
 * The catalog's /Names gains the file in its /EmbeddedFiles name tree: a new tree, or a
 * flat one (its /Names array) with the entry put in its sorted place. A tree of /Kids is left
 * as it is (answers false): the file is then found through the catalog's /AF alone.
 */
async function addToNameTree(
  document: PdfDocument,
  catalog: { ref: PdfRef; text: Awaited<ReturnType<typeof readDictionaryObject>> },
  entry: { name: string; spec: PdfRef },
  allocate: () => PdfRef,
): Promise<{ objects: NewObject[]; listed: boolean }> {
  const names = await readCatalogEntry(document, catalog.text, 'Names', allocate, new Map());
  const objects: NewObject[] = [];
  const current = names.text.value.get('EmbeddedFiles');
  const tree = isRef(current) ? await document.getObject(current) : current;
  let listed = true;
  if (tree === undefined || !isDict(tree)) {
    const leaf = new Map<string, PdfValue>([['Names', [textString(entry.name), entry.spec]]]);
    names.text.set('EmbeddedFiles', leaf);
  } else if (tree.has('Kids')) {
    listed = false;
  } else {
    const owner = isRef(current)
      ? { ref: current, text: await readDictionaryObject(document, current) }
      : { ref: null, text: names.text.nested('EmbeddedFiles') };
    const pairs = await document.resolve(owner.text.value.get('Names'));
    const items = Array.isArray(pairs) ? [...pairs] : [];
    let at = 0;
    while (at + 1 < items.length && (nameOfKey(items[at]) ?? '') <= entry.name) at += 2;
    items.splice(at, 0, textString(entry.name), entry.spec);
    const arrayRef = owner.text.value.get('Names');
    if (isRef(arrayRef)) objects.push({ ref: arrayRef, value: items });
    else owner.text.set('Names', items);
    if (owner.ref && owner.text.changed) objects.push(rewrittenObject(owner.ref, owner.text));
  }
  objects.push(...catalogEntryObjects(catalog, names));
  return { objects, listed };
}

/**
 * Prepares the update that embeds a file (ISO 32000-2 §7.11.4, PDF/A-3 §6.8): its stream
 * with /Params (/Size, /ModDate, /CheckSum), a file specification with /AFRelationship,
 * listed in the catalog's /Names /EmbeddedFiles and /AF. Every earlier object keeps its bytes
 * but the keys that change.
 */
export async function prepareEmbeddedFileUpdate(
  document: PdfDocument,
  options: EmbeddedFileOptions,
): Promise<Buffer> {
  try {
    const root = document.trailer.get('Root');
    if (!isRef(root)) throw new PdfError('no document catalog');
    let next = document.size;
    const allocate = () => new PdfRef(next++, 0);
    const catalog = { ref: root, text: await readDictionaryObject(document, root) };
    const file = fileObjects(options, allocate);
    // /AF first: the name tree's step writes the catalog out with both edits.
    const af = await appendToArray(document, catalog.text, 'AF', [file.spec]);
    const tree = await addToNameTree(document, catalog, { ...options, spec: file.spec }, allocate);
    const objects = [...file.objects, ...af, ...tree.objects];
    if (!objects.some((object) => object.ref.num === root.num) && catalog.text.changed)
      objects.push(rewrittenObject(root, catalog.text));
    return writeIncrementalUpdate(document, objects);
  } catch (error) {
    throw error instanceof PdfError
      ? error
      : new PdfError(`cannot embed the file: ${(error as Error).message}`);
  }
}

/** The PDF/A part the document's XMP metadata claims (`pdfaid:part`), or null. */
export async function pdfaPartOf(document: PdfDocument): Promise<number | null> {
  const root = document.trailer.get('Root');
  const catalog = await document.resolve(root);
  const metadata = isDict(catalog) ? catalog.get('Metadata') : undefined;
  const stream = isRef(metadata) ? await document.getStream(metadata) : null;
  if (!stream) return null;
  const xmp = stream.data.toString('utf8');
  const match = /pdfaid:part\s*=\s*["'](\d)["']|<pdfaid:part>\s*(\d)\s*</.exec(xmp);
  return match ? Number(match[1] ?? match[2]) : null;
}

/**
 * Writes `output`: `input` unchanged plus an update embedding the file, so that earlier
 * signatures stay intact. Answers false and writes nothing new (a copy) for a PDF/A-1 file,
 * which may hold no embedded file (ISO 19005-1 §6.1.11).
 */
export async function embedFile(
  input: string,
  output: string,
  options: EmbeddedFileOptions,
): Promise<boolean> {
  const source = await fileSource(input);
  let update: Buffer | null = null;
  try {
    const document = await PdfDocument.open(source);
    if ((await pdfaPartOf(document)) !== 1)
      update = await prepareEmbeddedFileUpdate(document, options);
  } finally {
    await source.close();
  }
  if (input !== output) await copyFile(input, output);
  if (update) await appendFile(output, update);
  return update !== null;
}

/** The embedded files the catalog's /Names /EmbeddedFiles lists flat: name and bytes. */
export async function readEmbeddedFiles(
  input: string,
): Promise<Array<{ name: string; data: Buffer }>> {
  const document = await PdfDocument.open(await fileSource(input));
  try {
    const catalog = await document.resolve(document.trailer.get('Root'));
    const names = isDict(catalog) ? await document.resolve(catalog.get('Names')) : undefined;
    const tree = isDict(names) ? await document.resolve(names.get('EmbeddedFiles')) : undefined;
    const pairs = isDict(tree) ? await document.resolve(tree.get('Names')) : undefined;
    const files: Array<{ name: string; data: Buffer }> = [];
    const list = Array.isArray(pairs) ? pairs : [];
    for (let at = 0; at + 1 < list.length; at += 2) {
      const spec = await document.resolve(list[at + 1]);
      const ef = isDict(spec) ? await document.resolve(spec.get('EF')) : undefined;
      const ref = isDict(ef) ? (ef.get('UF') ?? ef.get('F')) : undefined;
      const stream = isRef(ref) ? await document.getStream(ref) : null;
      if (stream) files.push({ name: nameOfKey(list[at]) ?? '', data: stream.data });
    }
    return files;
  } finally {
    await document.source.close();
  }
}
