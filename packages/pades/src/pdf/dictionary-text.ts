import { Lexer } from './lexer.ts';
import { serialize, serializeName } from './serializer.ts';
import { isDict, PdfError, PdfName, type PdfDict, type PdfValue } from './values.ts';

interface Span {
  start: number;
  end: number;
}

type Edit =
  | { kind: 'set'; value: PdfValue }
  | { kind: 'append'; items: PdfValue[] }
  | { kind: 'nested'; text: DictionaryText };

const whitespace = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const itemsText = (items: PdfValue[]) => items.map(serialize).join(' ');

/**
 * A dictionary as it is written (in a file, or inside another dictionary), edited key by key:
 * its text keeps every byte as written — numbers, names, strings, spacing, comments — but the
 * values of the keys changed, and new keys go just before its closing `>>`.
 */
export class DictionaryText {
  /** The dictionary as parsed from the text. */
  readonly value: PdfDict;
  private readonly bytes: Buffer;
  private readonly span: Span;
  private readonly spans: Map<string, Span>;
  private readonly edits = new Map<string, Edit>();

  private constructor(bytes: Buffer, span: Span, spans: Map<string, Span>, value: PdfDict) {
    this.bytes = bytes;
    this.span = span;
    this.spans = spans;
    this.value = value;
  }

  /** Reads the dictionary that starts at `start` (after any whitespace) in `bytes`. */
  static parse(bytes: Buffer, start = 0): DictionaryText {
    const lexer = new Lexer(bytes, start);
    lexer.skipWhitespace();
    const open = lexer.position;
    if (bytes[open] !== 0x3c || bytes[open + 1] !== 0x3c)
      throw new PdfError('expected a dictionary to rewrite');
    lexer.position += 2;
    const spans = new Map<string, Span>();
    const value: PdfDict = new Map();
    for (;;) {
      lexer.skipWhitespace();
      if (lexer.position >= bytes.length) throw new PdfError('unterminated dictionary');
      if (bytes[lexer.position] === 0x3e && bytes[lexer.position + 1] === 0x3e) break;
      const key = lexer.value();
      if (!(key instanceof PdfName)) throw new PdfError('dictionary key is not a name');
      lexer.skipWhitespace();
      const valueStart = lexer.position;
      // As the reader does, a key written twice counts with its last value.
      value.set(key.name, lexer.value());
      spans.set(key.name, { start: valueStart, end: lexer.position });
    }
    return new DictionaryText(bytes, { start: open, end: lexer.position + 2 }, spans, value);
  }

  /** Gives `key` this value, in place of what it had (or as a new key). */
  set(key: string, value: PdfValue): this {
    this.edits.set(key, { kind: 'set', value });
    return this;
  }

  /** Adds items at the end of the direct array `key` holds; without the key, makes it an array of them. */
  append(key: string, items: PdfValue[]): this {
    const current = this.value.get(key);
    if (current !== undefined && !Array.isArray(current))
      throw new PdfError(`/${key} is not an array written in place`);
    const earlier = this.edits.get(key);
    const added = earlier?.kind === 'append' ? earlier.items : [];
    this.edits.set(key, { kind: 'append', items: [...added, ...items] });
    return this;
  }

  /** The direct dictionary `key` holds, to edit in place; its edits become part of this text. */
  nested(key: string): DictionaryText {
    const earlier = this.edits.get(key);
    if (earlier?.kind === 'nested') return earlier.text;
    const span = this.spans.get(key);
    if (!span || !isDict(this.value.get(key)))
      throw new PdfError(`/${key} is not a dictionary written in place`);
    const text = DictionaryText.parse(this.bytes.subarray(0, span.end), span.start);
    this.edits.set(key, { kind: 'nested', text });
    return text;
  }

  /** True when some key was set, appended to or edited inside. */
  get changed(): boolean {
    return [...this.edits.values()].some((edit) => edit.kind !== 'nested' || edit.text.changed);
  }

  /** The dictionary's text with the edits made. */
  toBuffer(): Buffer {
    const splices: Array<Span & { text: Buffer }> = [];
    let added = '';
    for (const [key, edit] of this.edits) {
      const span = this.spans.get(key);
      if (!span) {
        const value = edit.kind === 'append' ? edit.items : edit.kind === 'set' ? edit.value : null;
        added += ` ${serializeName(key)} ${serialize(value)}`;
      } else if (edit.kind === 'set') {
        // '/Key/Name' has no space between key and value: a number put there needs one.
        const glued = !whitespace.has(this.bytes[span.start - 1] ?? 0x20);
        const text = `${glued ? ' ' : ''}${serialize(edit.value)}`;
        splices.push({ ...span, text: Buffer.from(text, 'latin1') });
      } else if (edit.kind === 'append') {
        // The array's closing bracket is its span's last byte.
        const at = span.end - 1;
        const text = Buffer.from(` ${itemsText(edit.items)}`, 'latin1');
        splices.push({ start: at, end: at, text });
      } else splices.push({ ...span, text: edit.text.toBuffer() });
    }
    const closing = this.span.end - 2;
    if (added) splices.push({ start: closing, end: closing, text: Buffer.from(added, 'latin1') });
    splices.sort((a, b) => a.start - b.start);
    const parts: Buffer[] = [];
    let at = this.span.start;
    for (const splice of splices) {
      parts.push(this.bytes.subarray(at, splice.start), splice.text);
      at = splice.end;
    }
    parts.push(this.bytes.subarray(at, this.span.end));
    return Buffer.concat(parts);
  }
}

/** An array's text (a whole object's value) with items added before its closing bracket. */
export function appendToArrayText(bytes: Buffer, items: PdfValue[]): Buffer {
  const lexer = new Lexer(bytes);
  lexer.skipWhitespace();
  const start = lexer.position;
  if (!Array.isArray(lexer.value())) throw new PdfError('expected an array to rewrite');
  const close = lexer.position - 1;
  return Buffer.concat([
    bytes.subarray(start, close),
    Buffer.from(` ${itemsText(items)}`, 'latin1'),
    bytes.subarray(close, lexer.position),
  ]);
}
