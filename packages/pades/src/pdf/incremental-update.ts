import type { PdfDocument } from './document.ts';
import { serialize } from './serializer.ts';
import type { PdfRef } from './values.ts';
import { isDict, isRef, PdfError, PdfName, type PdfDict, type PdfValue } from './values.ts';

export interface NewObject {
  ref: PdfRef;
  /** Either a plain value, or a stream (dictionary and raw data). */
  value: PdfValue | { dict: PdfDict; data: Buffer };
  /** Text placed verbatim instead of serialising value (signature dictionaries with placeholders). */
  raw?: string;
}

const isStream = (value: NewObject['value']): value is { dict: PdfDict; data: Buffer } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Map) &&
  'data' in value;

/** Groups object numbers into runs of consecutive numbers for the cross-reference sections. */
function runsOf(numbers: number[]): Array<[number, number[]]> {
  const runs: Array<[number, number[]]> = [];
  for (const num of [...numbers].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1].length === num) last[1].push(num);
    else runs.push([num, [num]]);
  }
  return runs;
}

/**
 * Writes an incremental update (ISO 32000-1 §7.5.6): the new and changed objects, a
 * cross-reference section in the same form the file already uses, and a trailer chained
 * to the previous one. The original bytes are never touched.
 */
export function writeIncrementalUpdate(document: PdfDocument, objects: NewObject[]): Buffer {
  const base = document.source.size;
  const parts: Buffer[] = [Buffer.from('\n', 'latin1')];
  let length = 1;
  const offsets = new Map<number, number>();
  const push = (chunk: Buffer) => {
    parts.push(chunk);
    length += chunk.length;
  };
  for (const object of objects) {
    offsets.set(object.ref.num, base + length);
    const head = `${object.ref.num} ${object.ref.gen} obj\n`;
    if (object.raw !== undefined) {
      push(Buffer.from(`${head}${object.raw}\nendobj\n`, 'latin1'));
    } else if (isStream(object.value)) {
      const dict = new Map(object.value.dict);
      dict.set('Length', object.value.data.length);
      push(Buffer.from(`${head}${serialize(dict)}\nstream\n`, 'latin1'));
      push(object.value.data);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else {
      push(Buffer.from(`${head}${serialize(object.value)}\nendobj\n`, 'latin1'));
    }
  }
  const trailer: PdfDict = new Map();
  for (const key of ['Root', 'Info', 'ID']) {
    const value = document.trailer.get(key);
    if (value !== undefined) trailer.set(key, value);
  }
  trailer.set('Prev', document.startxref);
  const xrefAt = base + length;
  if (document.xrefForm === 'table') {
    let table = 'xref\n';
    for (const [first, run] of runsOf([...offsets.keys()])) {
      table += `${first} ${run.length}\n`;
      for (const num of run) table += `${String(offsets.get(num)).padStart(10, '0')} 00000 n \n`;
    }
    trailer.set('Size', Math.max(document.size, ...[...offsets.keys()].map((num) => num + 1)));
    push(
      Buffer.from(
        `${table}trailer\n${serialize(trailer)}\nstartxref\n${xrefAt}\n%%EOF\n`,
        'latin1',
      ),
    );
  } else {
    const selfNum = Math.max(document.size, ...[...offsets.keys()].map((num) => num + 1));
    offsets.set(selfNum, xrefAt);
    const runs = runsOf([...offsets.keys()]);
    const rows = Buffer.alloc(offsets.size * 7);
    let row = 0;
    for (const [, run] of runs) {
      for (const num of run) {
        rows.writeUInt8(1, row * 7);
        rows.writeUInt32BE(offsets.get(num) ?? 0, row * 7 + 1);
        rows.writeUInt16BE(0, row * 7 + 5);
        row += 1;
      }
    }
    const xrefDict = new Map<string, PdfValue>([
      ['Type', new PdfName('XRef')],
      ...trailer,
      ['Size', selfNum + 1],
      ['W', [1, 4, 2]],
      ['Index', runs.flatMap(([first, run]) => [first, run.length])],
      ['Length', rows.length],
    ]);
    push(Buffer.from(`${selfNum} 0 obj\n${serialize(xrefDict)}\nstream\n`, 'latin1'));
    push(rows);
    push(Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  }
  if (base + length > 0xffffffff)
    throw new PdfError('file too large for a 4-byte cross-reference offset');
  return Buffer.concat(parts);
}

/** The document catalog and its reference. */
export async function readCatalog(document: PdfDocument): Promise<{ ref: PdfRef; dict: PdfDict }> {
  const ref = document.trailer.get('Root');
  if (!isRef(ref)) throw new PdfError('no document catalog');
  const dict = await document.getObject(ref);
  if (!isDict(dict)) throw new PdfError('the document catalog is not a dictionary');
  return { ref, dict };
}

/** The first page (for a signature's widget), walking the page tree with a depth limit. */
export async function firstPage(
  document: PdfDocument,
  catalog: PdfDict,
): Promise<{ ref: PdfRef; dict: PdfDict }> {
  let node = catalog.get('Pages');
  for (let depth = 0; depth < 64; depth += 1) {
    if (!isRef(node)) throw new PdfError('broken page tree');
    const dict = await document.getObject(node);
    if (!isDict(dict)) throw new PdfError('broken page tree');
    const kids = await document.resolve(dict.get('Kids'));
    if (!Array.isArray(kids)) return { ref: node, dict };
    node = kids[0];
  }
  throw new PdfError('page tree too deep');
}
