import { decodeStream } from './filters.ts';
import { Lexer } from './lexer.ts';
import type { PdfSource } from './source.ts';
import {
  isDict,
  isRef,
  numberOf,
  PdfError,
  PdfRef,
  type PdfDict,
  type PdfValue,
} from './values.ts';

export type XrefEntry =
  | { type: 'offset'; offset: number; gen: number }
  | { type: 'compressed'; stream: number; index: number };

const chunk = 64 * 1024;
const maxObjectBytes = 64 * 1024 * 1024;
const maxSections = 10_000;

/**
 * A PDF opened for incremental signing: reads the trailer chain and cross-reference data
 * (tables, streams, hybrids, earlier updates) and loads only the objects asked for.
 */
export class PdfDocument {
  readonly entries = new Map<number, XrefEntry>();
  trailer: PdfDict = new Map();
  startxref = 0;
  /** How the newest section is written; the signature's update uses the same form. */
  xrefForm: 'table' | 'stream' = 'table';
  private readonly objectStreams = new Map<
    number,
    { offsets: Array<[number, number]>; data: Buffer; first: number }
  >();

  private constructor(readonly source: PdfSource) {}

  static async open(source: PdfSource): Promise<PdfDocument> {
    const document = new PdfDocument(source);
    try {
      await document.readCrossReferences();
    } catch (error) {
      // Whatever a broken file makes a decoder throw, the caller hears one kind of error.
      throw error instanceof PdfError
        ? error
        : new PdfError(`cannot read the PDF: ${(error as Error).message}`);
    }
    return document;
  }

  private async readCrossReferences() {
    const { size } = this.source;
    if (size < 32) throw new PdfError('not a PDF: too short');
    const head = (await this.source.read(0, 1024)).toString('latin1');
    if (!/%PDF-\d\.\d/.test(head)) throw new PdfError('not a PDF: no header');
    const tail = (await this.source.read(Math.max(0, size - 2048), 2048)).toString('latin1');
    const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
    if (!match?.[1]) throw new PdfError('no startxref at the end of the file');
    this.startxref = Number(match[1]);
    const seen = new Set<number>();
    let offset: number | undefined = this.startxref;
    let newest = true;
    while (offset !== undefined) {
      if (seen.has(offset) || seen.size > maxSections)
        throw new PdfError('loop in the cross-reference chain');
      if (offset < 0 || offset >= size)
        throw new PdfError(`cross-reference offset ${offset} is outside the file`);
      seen.add(offset);
      const { trailer, form } = await this.readSection(offset);
      if (newest) {
        this.trailer = trailer;
        this.xrefForm = form;
        newest = false;
      }
      const hybrid = numberOf(trailer.get('XRefStm'));
      if (hybrid !== undefined && !seen.has(hybrid)) {
        seen.add(hybrid);
        await this.readSection(hybrid);
      }
      offset = numberOf(trailer.get('Prev'));
    }
    if (!isRef(this.trailer.get('Root')))
      throw new PdfError('the trailer names no document catalog');
    if (this.trailer.has('Encrypt')) throw new PdfError('the PDF is encrypted');
  }

  private remember(num: number, entry: XrefEntry) {
    // Newer sections are read first: an object's first entry is its current one.
    if (!this.entries.has(num)) this.entries.set(num, entry);
  }

  private async readSection(
    offset: number,
  ): Promise<{ trailer: PdfDict; form: 'table' | 'stream' }> {
    const start = await this.source.read(offset, 4);
    if (start.toString('latin1') === 'xref')
      return { trailer: await this.readTable(offset), form: 'table' };
    return { trailer: await this.readStreamSection(offset), form: 'stream' };
  }

  private async readTable(offset: number): Promise<PdfDict> {
    let buffer = await this.source.read(offset, chunk);
    for (;;) {
      const text = buffer.toString('latin1');
      const at = text.indexOf('trailer');
      if (at !== -1 && text.indexOf('>>', at) !== -1) {
        const lexer = new Lexer(buffer, 4);
        for (;;) {
          const word = lexer.token();
          if (word === 'trailer') break;
          const first = Number(word);
          const count = Number(lexer.token());
          if (!Number.isInteger(first) || !Number.isInteger(count) || count < 0)
            throw new PdfError('broken cross-reference table');
          for (let index = 0; index < count; index += 1) {
            const entryOffset = Number(lexer.token());
            const gen = Number(lexer.token());
            const kind = lexer.token();
            if (kind === 'n')
              this.remember(first + index, { type: 'offset', offset: entryOffset, gen });
            else if (kind === 'f')
              this.remember(first + index, { type: 'offset', offset: -1, gen });
            else throw new PdfError('broken cross-reference entry');
          }
        }
        const trailer = lexer.value();
        if (!isDict(trailer)) throw new PdfError('the trailer is not a dictionary');
        return trailer;
      }
      if (buffer.length >= maxObjectBytes || offset + buffer.length >= this.source.size)
        throw new PdfError('cross-reference table without trailer');
      buffer = await this.source.read(offset, buffer.length * 4);
    }
  }

  private async readStreamSection(offset: number): Promise<PdfDict> {
    const { dict, data } = await this.readStreamObjectAt(offset);
    if (
      dict.get('Type') === undefined ||
      !(String((dict.get('Type') as { name?: string }).name) === 'XRef')
    ) {
      throw new PdfError('startxref points at neither a table nor a cross-reference stream');
    }
    const widths = dict.get('W');
    if (!Array.isArray(widths) || widths.length !== 3)
      throw new PdfError('cross-reference stream without /W');
    const [w0, w1, w2] = widths.map((width) => numberOf(width) ?? -1) as [number, number, number];
    if ([w0, w1, w2].some((width) => width < 0 || width > 8)) throw new PdfError('bad /W');
    const rowLength = w0 + w1 + w2;
    const sizeValue = numberOf(dict.get('Size')) ?? 0;
    const index = Array.isArray(dict.get('Index'))
      ? (dict.get('Index') as PdfValue[]).map((v) => numberOf(v) ?? 0)
      : [0, sizeValue];
    const field = (row: number, at: number, width: number, fallback: number) => {
      if (width === 0) return fallback;
      let value = 0;
      for (let i = 0; i < width; i += 1)
        value = value * 256 + (data[row * rowLength + at + i] ?? 0);
      return value;
    };
    let row = 0;
    for (let pair = 0; pair + 1 < index.length; pair += 2) {
      const first = index[pair] ?? 0;
      const count = index[pair + 1] ?? 0;
      for (let i = 0; i < count; i += 1, row += 1) {
        if ((row + 1) * rowLength > data.length)
          throw new PdfError('cross-reference stream too short');
        const type = field(row, 0, w0, 1);
        const second = field(row, w0, w1, 0);
        const third = field(row, w0 + w1, w2, 0);
        if (type === 1) this.remember(first + i, { type: 'offset', offset: second, gen: third });
        else if (type === 2)
          this.remember(first + i, { type: 'compressed', stream: second, index: third });
        else this.remember(first + i, { type: 'offset', offset: -1, gen: third });
      }
    }
    return dict;
  }

  /** Parses 'n g obj' at an offset, reading more of the file only as far as needed. */
  private async parseAt(offset: number): Promise<{ lexer: Lexer; value: PdfValue; base: number }> {
    for (let length = chunk; ; length *= 4) {
      const buffer = await this.source.read(offset, length);
      try {
        const lexer = new Lexer(buffer);
        lexer.token();
        lexer.token();
        lexer.expectKeyword('obj');
        return { lexer, value: lexer.value(), base: offset };
      } catch (error) {
        const incomplete = buffer.length === length && length < maxObjectBytes;
        if (!incomplete) throw error instanceof PdfError ? error : new PdfError(String(error));
      }
    }
  }

  private async streamLength(dict: PdfDict): Promise<number> {
    const raw = dict.get('Length');
    const length = isRef(raw) ? numberOf(await this.getObject(raw)) : numberOf(raw);
    if (length === undefined || length < 0 || length > maxObjectBytes)
      throw new PdfError('bad stream length');
    return length;
  }

  private async readStreamObjectAt(offset: number): Promise<{ dict: PdfDict; data: Buffer }> {
    const { lexer, value, base } = await this.parseAt(offset);
    if (!isDict(value)) throw new PdfError('expected a stream');
    lexer.expectKeyword('stream');
    let dataStart = base + lexer.position;
    const eol = await this.source.read(dataStart, 2);
    dataStart += eol[0] === 0x0d && eol[1] === 0x0a ? 2 : 1;
    const length = await this.streamLength(value);
    if (dataStart + length > this.source.size)
      throw new PdfError('stream runs past the end of the file');
    return { dict: value, data: decodeStream(value, await this.source.read(dataStart, length)) };
  }

  /** The object a reference names (null for a free or missing one, as the standard says). */
  async getObject(ref: PdfRef, depth = 0): Promise<PdfValue> {
    if (depth > 32) throw new PdfError('loop in object references');
    const entry = this.entries.get(ref.num);
    if (!entry || (entry.type === 'offset' && entry.offset < 0)) return null;
    if (entry.type === 'offset') {
      if (entry.offset >= this.source.size)
        throw new PdfError(`object ${ref.num} lies outside the file`);
      return (await this.parseAt(entry.offset)).value;
    }
    const stream = await this.loadObjectStream(entry.stream, depth);
    const [, start] = stream.offsets[entry.index] ?? [];
    if (start === undefined) throw new PdfError(`object ${ref.num} missing from its object stream`);
    return new Lexer(stream.data, stream.first + start).value();
  }

  /** Follows a value through references to what it finally is. */
  async resolve(value: PdfValue | undefined, depth = 0): Promise<PdfValue> {
    if (value === undefined) return null;
    if (!isRef(value)) return value;
    if (depth > 32) throw new PdfError('loop in object references');
    return this.resolve(await this.getObject(value, depth), depth + 1);
  }

  private async loadObjectStream(num: number, depth: number) {
    const cached = this.objectStreams.get(num);
    if (cached) return cached;
    const entry = this.entries.get(num);
    if (!entry || entry.type !== 'offset' || entry.offset < 0)
      throw new PdfError(`object stream ${num} not found`);
    if (depth > 32) throw new PdfError('loop in object streams');
    const { dict, data } = await this.readStreamObjectAt(entry.offset);
    const count = numberOf(dict.get('N')) ?? 0;
    const first = numberOf(dict.get('First')) ?? 0;
    const lexer = new Lexer(data);
    const offsets: Array<[number, number]> = [];
    for (let i = 0; i < count; i += 1) offsets.push([Number(lexer.token()), Number(lexer.token())]);
    const loaded = { offsets, data, first };
    this.objectStreams.set(num, loaded);
    return loaded;
  }

  /** The next free object number (the trailer's /Size, never reusing a number). */
  get size(): number {
    return Math.max(
      numberOf(this.trailer.get('Size')) ?? 0,
      ...[...this.entries.keys()].map((num) => num + 1),
    );
  }
}

export { PdfRef };
