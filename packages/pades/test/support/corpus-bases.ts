import { deflateSync } from 'node:zlib';
import { hybridReferencePdf } from './hybrid-reference.ts';
import { appendUpdate, writePdf, type SourceObject, type WriteOptions } from './pdf-writer.ts';

/** Generated files, each with a name saying what was done to it. */
export type Entries = Array<[string, Buffer]>;

/** A deterministic pseudo-random generator (mulberry32): the same seed, the same corpus. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const text = (line: string) => Buffer.from(`BT /F1 18 Tf 72 760 Td (${line}) Tj ET\n`, 'latin1');

/**
 * The objects of a two-page document: 1 catalog, 2 page tree, 3 and 4 pages, 5 (deflated) and
 * 6 contents, 7 font, 8 Info. `changes` replaces bodies by number (null removes the object).
 */
export function documentObjects(changes: Record<number, string | null> = {}): SourceObject[] {
  const objects: SourceObject[] = [
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { num: 2, body: '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 595 842] >>' },
    ...[3, 4].map((num) => ({
      num,
      body: `<< /Type /Page /Parent 2 0 R /Contents ${num + 2} 0 R /Resources << /Font << /F1 7 0 R >> >> >>`,
    })),
    {
      num: 5,
      body: '<< /Filter /FlateDecode >>',
      stream: deflateSync(text('Vuokrasopimus, sivu 1')),
    },
    { num: 6, body: '<< >>', stream: text('Vuokrasopimus, sivu 2') },
    { num: 7, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
    { num: 8, body: '<< /Producer (malformed corpus) /Title (Vuokrasopimus) >>' },
  ];
  const changed = objects.flatMap((object) => {
    const body = changes[object.num];
    if (body === undefined) return [object];
    return body === null ? [] : [{ num: object.num, body }];
  });
  const added = Object.entries(changes)
    .filter(([num, body]) => body !== null && !objects.some((object) => object.num === Number(num)))
    .map(([num, body]) => ({ num: Number(num), body: body ?? 'null' }));
  return [...changed, ...added];
}

export const classicForm: WriteOptions = { form: 'table', root: 1, info: 8 };
export const streamForm: WriteOptions = {
  form: 'stream',
  root: 1,
  info: 8,
  compress: [1, 2, 3, 4, 7, 8],
};

/** The two-page document written with a classic table or with object and xref streams. */
export const documentWith = (
  changes: Record<number, string | null>,
  form: 'table' | 'stream' = 'table',
  extra: Partial<WriteOptions> = {},
) =>
  writePdf(documentObjects(changes), {
    ...(form === 'table' ? classicForm : streamForm),
    ...extra,
  });

const formChanges = {
  1: '<< /Type /Catalog /Pages 2 0 R /AcroForm 9 0 R >>',
  3: '<< /Type /Page /Parent 2 0 R /Contents 5 0 R /Resources << /Font << /F1 7 0 R >> >> /Annots [10 0 R 11 0 R] >>',
  9: '<< /Fields [10 0 R 11 0 R] /DA (/F1 0 Tf 0 g) >>',
  10: '<< /Type /Annot /Subtype /Widget /FT /Tx /T (Vuokralainen) /V (Maija) /Rect [72 600 300 620] /P 3 0 R >>',
  11: '<< /Type /Annot /Subtype /Widget /FT /Sig /T (Vuokranantaja) /Rect [72 500 300 560] /P 3 0 R /F 4 >>',
};

const treeChanges = {
  2: '<< /Type /Pages /Kids [9 0 R] /Count 2 /MediaBox [0 0 595 842] >>',
  3: '<< /Type /Page /Parent 9 0 R /Contents 5 0 R /Resources << /Font << /F1 7 0 R >> >> >>',
  4: '<< /Type /Page /Parent 9 0 R /Contents 6 0 R /Resources << /Font << /F1 7 0 R >> >> >>',
  9: '<< /Type /Pages /Parent 2 0 R /Kids [3 0 R 4 0 R] /Count 2 >>',
};

/** The sound documents every mutation starts from, by name. */
export function baseDocuments(): Record<string, Buffer> {
  const classic = documentWith({});
  const streams = documentWith({}, 'stream');
  const info = (title: string) => ({ num: 8, body: `<< /Producer (corpus) /Title (${title}) >>` });
  return {
    classic,
    streams,
    form: documentWith(formChanges),
    tree: documentWith(treeChanges, 'stream', { compress: [1, 2, 3, 4, 7, 8, 9] }),
    updated: appendUpdate(classic, [info('Muutettu')], classicForm),
    updatedStreams: appendUpdate(
      streams,
      [info('Muutettu'), { num: 2, body: treeChanges[2].replace('9 0 R', '3 0 R 4 0 R') }],
      { ...streamForm, compress: [2, 8] },
    ),
    hybrid: hybridReferencePdf(),
  };
}

/**
 * Replaces the `occurrence`-th match of `from` (0 = first) with `to`, padded with spaces to the
 * same length when shorter, so every offset after it still holds; the bytes unchanged when absent.
 */
export function replaced(
  pdf: Buffer,
  from: string | RegExp,
  to: string | ((found: string) => string),
  occurrence = 0,
): Buffer {
  const source = pdf.toString('latin1');
  const pattern = typeof from === 'string' ? new RegExp(escape(from), 'g') : new RegExp(from, 'g');
  const match = [...source.matchAll(pattern)][occurrence];
  if (!match) return pdf;
  const found = match[0];
  const wanted = typeof to === 'string' ? to : to(found);
  const replacement = wanted.length < found.length ? wanted.padEnd(found.length, ' ') : wanted;
  const at = match.index;
  return Buffer.from(source.slice(0, at) + replacement + source.slice(at + found.length), 'latin1');
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Where each stream's data lies: [start, end) by its /Length, for damage inside it. */
export function streamRanges(pdf: Buffer): Array<{ start: number; end: number }> {
  const source = pdf.toString('latin1');
  const found: Array<{ start: number; end: number }> = [];
  for (const match of source.matchAll(/\/Length (\d+)[^]*?stream\r?\n/g)) {
    const start = match.index + match[0].length;
    found.push({ start, end: start + Number(match[1]) });
  }
  return found;
}
