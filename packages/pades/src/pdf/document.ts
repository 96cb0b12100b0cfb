import { decodeStream } from './filters.ts';
import { Lexer } from './lexer.ts';
import type { PdfSource } from './source.ts';
import { lastStartxref, startxrefSearchBytes } from './startxref.ts';
import { isFreeEntry, type XrefEntry } from './xref-entry.ts';
import { maxObjectNumber, readXrefStreamEntries } from './xref-stream.ts';
import { readXrefTable } from './xref-table.ts';
import {
  isDict,
  isRef,
  nameOf,
  numberOf,
  PdfError,
  PdfRef,
  type PdfDict,
  type PdfValue,
} from './values.ts';

type Remember = (num: number, entry: XrefEntry) => void;

interface Section {
  trailer: PdfDict;
  form: 'table' | 'stream';
  entries: Map<number, XrefEntry>;
}

const chunk = 64 * 1024;
const maxObjectBytes = 64 * 1024 * 1024;
const maxSections = 10_000;
const maxCachedObjectStreams = 16;

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

  readonly source: PdfSource;

  private constructor(source: PdfSource) {
    this.source = source;
  }

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
    const tailStart = Math.max(0, size - startxrefSearchBytes);
    const startxref = lastStartxref(await this.source.read(tailStart, size - tailStart));
    if (startxref === undefined) throw new PdfError('no startxref at the end of the file');
    this.startxref = startxref;
    const seen = new Set<number>();
    let offset: number | undefined = this.startxref;
    let newest = true;
    while (offset !== undefined) {
      if (seen.has(offset) || seen.size > maxSections)
        throw new PdfError('loop in the cross-reference chain');
      if (offset < 0 || offset >= size)
        throw new PdfError(`cross-reference offset ${offset} is outside the file`);
      seen.add(offset);
      const { trailer, form, entries } = await this.readSection(offset);
      const declaredSize = trailer.get('Size');
      if (declaredSize !== undefined && !((numberOf(declaredSize) ?? -1) <= maxObjectNumber))
        throw new PdfError('bad /Size in the trailer');
      if (newest) {
        this.trailer = trailer;
        this.xrefForm = form;
        newest = false;
      }
      const hybrid = numberOf(trailer.get('XRefStm'));
      if (form === 'table' && hybrid !== undefined && !seen.has(hybrid)) {
        if (hybrid < 0 || hybrid >= size)
          throw new PdfError(`cross-reference offset ${hybrid} is outside the file`);
        seen.add(hybrid);
        // ISO 32000-1 §7.5.8.4: the hidden stream gives what this table does not, including
        // objects the table marks free (those stored in object streams); its in-use entries
        // never override the table's, and neither ever overrides a newer section.
        const stream = await this.readSection(hybrid, true);
        for (const [num, entry] of stream.entries) {
          const own = entries.get(num);
          if (!own || (isFreeEntry(own) && !isFreeEntry(entry))) entries.set(num, entry);
        }
      }
      // Newer sections are read first: an object's first entry is its current one.
      for (const [num, entry] of entries) if (!this.entries.has(num)) this.entries.set(num, entry);
      offset = numberOf(trailer.get('Prev'));
    }
    if (!isRef(this.trailer.get('Root')))
      throw new PdfError('the trailer names no document catalog');
    if (this.trailer.has('Encrypt')) throw new PdfError('the PDF is encrypted');
  }

  /** One cross-reference section (a table or a stream) and its entries, not yet merged. */
  private async readSection(offset: number, hybrid = false): Promise<Section> {
    const entries = new Map<number, XrefEntry>();
    // Within a section, an object listed twice keeps its first entry.
    const remember = (num: number, entry: XrefEntry) => {
      if (!entries.has(num)) entries.set(num, entry);
    };
    const start = await this.source.read(offset, 4);
    const table = start.toString('latin1') === 'xref';
    if (table && !hybrid)
      return {
        trailer: await readXrefTable(this.source, offset, remember),
        form: 'table',
        entries,
      };
    const dict = table ? undefined : await this.readStreamSection(offset, remember);
    if (!dict)
      throw new PdfError(
        hybrid
          ? '/XRefStm points at no cross-reference stream'
          : 'startxref points at neither a table nor a cross-reference stream',
      );
    return { trailer: dict, form: 'stream', entries };
  }

  /** A cross-reference stream's dictionary (undefined for another stream), its rows to `remember`. */
  private async readStreamSection(
    offset: number,
    remember: Remember,
  ): Promise<PdfDict | undefined> {
    const { dict, data } = await this.readStreamObjectAt(offset);
    if (nameOf(dict.get('Type')) !== 'XRef') return undefined;
    readXrefStreamEntries(dict, data, remember);
    return dict;
  }

  /** Parses 'n g obj' at an offset, reading more of the file only as far as needed. */
  private async parseAt(
    offset: number,
  ): Promise<{ lexer: Lexer; value: PdfValue; base: number; start: number }> {
    for (let length = chunk; ; length *= 4) {
      const buffer = await this.source.read(offset, length);
      try {
        const lexer = new Lexer(buffer);
        lexer.token();
        lexer.token();
        lexer.expectKeyword('obj');
        lexer.skipWhitespace();
        const start = lexer.position;
        return { lexer, value: lexer.value(), base: offset, start };
      } catch (error) {
        // Only an object cut off by the end of the buffer is worth reading further.
        const cutOff = /unterminated|end of data/.test((error as Error).message);
        const incomplete = cutOff && buffer.length === length && length < maxObjectBytes;
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
    if (!entry || isFreeEntry(entry)) return null;
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

  /**
   * The bytes an object's value is written in, exactly as the file (or its object stream)
   * has them, for rewriting it token for token; a stream, free or missing object is refused.
   */
  async getObjectText(ref: PdfRef): Promise<Buffer> {
    const entry = this.entries.get(ref.num);
    if (!entry || isFreeEntry(entry)) throw new PdfError(`object ${ref.num} is missing`);
    if (entry.type === 'offset') {
      if (entry.offset >= this.source.size)
        throw new PdfError(`object ${ref.num} lies outside the file`);
      const { lexer, start } = await this.parseAt(entry.offset);
      const end = lexer.position;
      if (lexer.token() === 'stream') throw new PdfError(`object ${ref.num} is a stream`);
      return Buffer.from(lexer.buffer.subarray(start, end));
    }
    const stream = await this.loadObjectStream(entry.stream, 0);
    const [, offset] = stream.offsets[entry.index] ?? [];
    if (offset === undefined)
      throw new PdfError(`object ${ref.num} missing from its object stream`);
    const lexer = new Lexer(stream.data, stream.first + offset);
    lexer.skipWhitespace();
    const start = lexer.position;
    lexer.value();
    return Buffer.from(stream.data.subarray(start, lexer.position));
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
    if (cached) {
      // Most recently used last: the oldest is let go when too many are kept.
      this.objectStreams.delete(num);
      this.objectStreams.set(num, cached);
      return cached;
    }
    const entry = this.entries.get(num);
    if (!entry || entry.type !== 'offset' || isFreeEntry(entry))
      throw new PdfError(`object stream ${num} not found`);
    if (depth > 32) throw new PdfError('loop in object streams');
    const { dict, data } = await this.readStreamObjectAt(entry.offset);
    const count = numberOf(dict.get('N')) ?? 0;
    const first = numberOf(dict.get('First')) ?? 0;
    // Each pair takes at least four bytes ('1 0 '): a count the data cannot hold is refused.
    if (!Number.isInteger(count) || count < 0 || count * 4 > data.length + 1)
      throw new PdfError(`object stream ${num} has a bad /N`);
    if (!Number.isInteger(first) || first < 0 || first > data.length)
      throw new PdfError(`object stream ${num} has a bad /First`);
    const lexer = new Lexer(data);
    const offsets: Array<[number, number]> = [];
    for (let i = 0; i < count; i += 1) {
      const pair = [lexer.token(), lexer.token()];
      if (!pair.every((word) => /^\d+$/.test(word)))
        throw new PdfError(`object stream ${num} has a broken header`);
      offsets.push([Number(pair[0]), Number(pair[1])]);
    }
    const loaded = { offsets, data, first };
    this.objectStreams.set(num, loaded);
    const oldest = this.objectStreams.keys().next().value;
    if (this.objectStreams.size > maxCachedObjectStreams && oldest !== undefined)
      this.objectStreams.delete(oldest);
    return loaded;
  }

  /** The next free object number (the trailer's /Size, never reusing a number). */
  get size(): number {
    let size = numberOf(this.trailer.get('Size')) ?? 0;
    for (const num of this.entries.keys()) if (num >= size) size = num + 1;
    return size;
  }

  /** A stream object's decoded data; null for a missing object or one that is no stream. */
  async getStream(ref: PdfRef): Promise<{ dict: PdfDict; data: Buffer } | null> {
    const entry = this.entries.get(ref.num);
    // Streams are never inside object streams (ISO 32000-1 §7.5.7).
    if (!entry || entry.type !== 'offset' || isFreeEntry(entry)) return null;
    if (entry.offset >= this.source.size)
      throw new PdfError(`object ${ref.num} lies outside the file`);
    return this.readStreamObjectAt(entry.offset);
  }
}

export { PdfRef };
