import { deflateSync } from 'node:zlib';

/** One object to write: its value's text (a dictionary's when it is a stream) and its data. */
export interface SourceObject {
  num: number;
  /** The value as PDF text; for a stream, its dictionary without /Length. */
  body: string;
  /** Stream data, written as is (deflate it and say /Filter in the body for a compressed one). */
  stream?: Buffer;
}

export interface WriteOptions {
  /** A classic table, or a cross-reference stream (PNG Up predictor, FlateDecode). */
  form: 'table' | 'stream';
  root: number;
  info?: number;
  /** Objects (never streams) put into one object stream; only with form 'stream'. */
  compress?: number[];
  /** Object numbers the section lists as free. */
  free?: number[];
  /** More trailer entries, e.g. '/ID [<00> <00>]'. */
  trailer?: string;
  /** The least /Size to declare (an update's must cover the whole file's objects). */
  size?: number;
}

/** Byte-exact assembly of a file or an update: each object's offset is known as it is written. */
class Assembly {
  readonly parts: Buffer[] = [];
  length: number;
  readonly offsets = new Map<number, number>();
  constructor(start: number) {
    this.length = start;
  }
  push(chunk: Buffer | string) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    this.parts.push(bytes);
    this.length += bytes.length;
  }
  object({ num, body, stream }: SourceObject) {
    this.offsets.set(num, this.length);
    if (!stream) return this.push(`${num} 0 obj\n${body}\nendobj\n`);
    const dict = body.replace(/>>\s*$/, `/Length ${stream.length} >>`);
    this.push(`${num} 0 obj\n${dict}\nstream\n`);
    this.push(stream);
    this.push('\nendstream\nendobj\n');
  }
}

/** A cross-reference row: type, then offset or object stream, then generation or index. */
type Row = [number, number, number];

/** Groups object numbers into [first, count] runs, sorted. */
function runs(numbers: number[]): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const num of [...new Set(numbers)].sort((a, b) => a - b)) {
    const last = found[found.length - 1];
    if (last && last[0] + last[1] === num) last[1] += 1;
    else found.push([num, 1]);
  }
  return found;
}

/** Rows of [type, field2, field3] (/W [1 4 2]) with the PNG Up predictor, deflated. */
function xrefRows(rows: Row[]): Buffer {
  const plain = Buffer.alloc(rows.length * 7);
  rows.forEach(([type, second, third], index) => {
    plain.writeUInt8(type, index * 7);
    plain.writeUInt32BE(second, index * 7 + 1);
    plain.writeUInt16BE(third, index * 7 + 5);
  });
  const predicted = Buffer.alloc(rows.length * 8);
  for (let row = 0; row < rows.length; row += 1) {
    predicted[row * 8] = 2;
    for (let column = 0; column < 7; column += 1) {
      const above = row > 0 ? (plain[(row - 1) * 7 + column] ?? 0) : 0;
      predicted[row * 8 + 1 + column] = ((plain[row * 7 + column] ?? 0) - above) & 0xff;
    }
  }
  return deflateSync(predicted);
}

/** The objects of an object stream: its header of 'num offset' pairs, then the objects. */
export function objectStreamData(objects: SourceObject[]): { data: Buffer; first: number } {
  let header = '';
  let body = '';
  for (const object of objects) {
    header += `${object.num} ${body.length} `;
    body += `${object.body}\n`;
  }
  return { data: Buffer.from(header + body, 'latin1'), first: header.length };
}

/** Writes objects and their cross-reference section at `start` (0 for a new file). */
function writeSection(
  assembly: Assembly,
  objects: SourceObject[],
  options: WriteOptions & { prev?: number },
): Buffer {
  const compress = new Set(options.form === 'stream' ? (options.compress ?? []) : []);
  const compressed = objects.filter((object) => compress.has(object.num) && !object.stream);
  for (const object of objects) if (!compressed.includes(object)) assembly.object(object);
  const numbers = [...objects.map((object) => object.num), ...(options.free ?? [])];
  let next = Math.max(Math.max(0, ...numbers) + 1, options.size ?? 0);
  const rows = new Map<number, Row>();
  for (const num of options.free ?? []) rows.set(num, [0, 0, 0]);
  for (const [num, offset] of assembly.offsets) rows.set(num, [1, offset, 0]);
  if (compressed.length > 0) {
    const streamNum = next++;
    const { data, first } = objectStreamData(compressed);
    assembly.object({
      num: streamNum,
      body: `<< /Type /ObjStm /N ${compressed.length} /First ${first} /Filter /FlateDecode >>`,
      stream: deflateSync(data),
    });
    rows.set(streamNum, [1, assembly.offsets.get(streamNum) ?? 0, 0]);
    compressed.forEach((object, index) => rows.set(object.num, [2, streamNum, index]));
  }
  const trailerEntries =
    `/Root ${options.root} 0 R` +
    (options.info ? ` /Info ${options.info} 0 R` : '') +
    (options.prev !== undefined ? ` /Prev ${options.prev}` : '') +
    (options.trailer ? ` ${options.trailer}` : '');
  const xrefAt = assembly.length;
  if (options.form === 'table') {
    if (options.prev === undefined) rows.set(0, [0, 0, 65535]);
    let table = 'xref\n';
    for (const [first, count] of runs([...rows.keys()])) {
      table += `${first} ${count}\n`;
      for (let num = first; num < first + count; num += 1) {
        const [type, offset, gen] = rows.get(num) ?? [0, 0, 0];
        table += `${String(offset).padStart(10, '0')} ${String(gen).padStart(5, '0')} ${type === 1 ? 'n' : 'f'} \n`;
      }
    }
    assembly.push(`${table}trailer\n<< /Size ${next} ${trailerEntries} >>\n`);
  } else {
    const selfNum = next++;
    rows.set(selfNum, [1, xrefAt, 0]);
    if (options.prev === undefined) rows.set(0, [0, 0, 65535]);
    const index = runs([...rows.keys()]);
    const ordered = index.flatMap(([first, count]) =>
      Array.from({ length: count }, (_, at): Row => rows.get(first + at) ?? [0, 0, 0]),
    );
    assembly.object({
      num: selfNum,
      body:
        `<< /Type /XRef /Size ${next} /W [1 4 2] /Index [${index.flat().join(' ')}] ` +
        `/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >> ${trailerEntries} >>`,
      stream: xrefRows(ordered),
    });
  }
  assembly.push(`startxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(assembly.parts);
}

/** A new PDF of these objects, every offset right. */
export function writePdf(objects: SourceObject[], options: WriteOptions): Buffer {
  const assembly = new Assembly(0);
  assembly.push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  return writeSection(assembly, objects, options);
}

/** The offset the last startxref of a file names. */
export function lastStartxref(pdf: Buffer): number {
  const matches = [...pdf.toString('latin1').matchAll(/startxref\s+(\d+)/g)];
  return Number(matches[matches.length - 1]?.[1] ?? 0);
}

/** `base` with an incremental update of these objects, chained to its last section. */
export function appendUpdate(base: Buffer, objects: SourceObject[], options: WriteOptions): Buffer {
  const assembly = new Assembly(base.length);
  const sizes = [...base.toString('latin1').matchAll(/\/Size\s+(\d+)/g)];
  const size = Math.max(options.size ?? 0, Number(sizes[sizes.length - 1]?.[1] ?? 0));
  const update = writeSection(assembly, objects, { ...options, size, prev: lastStartxref(base) });
  return Buffer.concat([base, update]);
}
