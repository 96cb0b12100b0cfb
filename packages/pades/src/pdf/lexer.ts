import { PdfError, PdfName, PdfRef, PdfString, type PdfDict, type PdfValue } from './values.ts';

const whitespace = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const delimiters = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const maxDepth = 100;

/** A cursor over a buffer that reads PDF syntax; every read is bounded by the buffer. */
export class Lexer {
  readonly buffer: Buffer;
  position: number;
  constructor(buffer: Buffer, position = 0) {
    this.buffer = buffer;
    this.position = position;
  }

  private peek(offset = 0) {
    return this.buffer[this.position + offset];
  }

  skipWhitespace() {
    for (;;) {
      const byte = this.peek();
      if (byte === undefined) return;
      if (whitespace.has(byte)) this.position += 1;
      else if (byte === 0x25) {
        while (this.peek() !== undefined && this.peek() !== 0x0a && this.peek() !== 0x0d)
          this.position += 1;
      } else return;
    }
  }

  /** A bare token (keyword or number) at the cursor, or '' at a delimiter. */
  token(): string {
    this.skipWhitespace();
    const start = this.position;
    for (;;) {
      const byte = this.peek();
      if (byte === undefined || whitespace.has(byte) || delimiters.has(byte)) break;
      this.position += 1;
    }
    return this.buffer.toString('latin1', start, this.position);
  }

  expectKeyword(keyword: string) {
    const found = this.token();
    if (found !== keyword)
      throw new PdfError(
        `expected '${keyword}' at ${this.position}, found '${found.slice(0, 20)}'`,
      );
  }

  private readName(): PdfName {
    this.position += 1;
    const start = this.position;
    while (
      this.peek() !== undefined &&
      !whitespace.has(this.peek() ?? 0) &&
      !delimiters.has(this.peek() ?? 0)
    )
      this.position += 1;
    const raw = this.buffer.toString('latin1', start, this.position);
    return new PdfName(
      raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  }

  private readLiteralString(): PdfString {
    this.position += 1;
    const out: number[] = [];
    let depth = 1;
    for (;;) {
      const byte = this.peek();
      if (byte === undefined) throw new PdfError('unterminated string');
      this.position += 1;
      if (byte === 0x5c) {
        const next = this.peek();
        if (next === undefined) throw new PdfError('unterminated string');
        this.position += 1;
        const escapes: Record<number, number> = {
          0x6e: 0x0a,
          0x72: 0x0d,
          0x74: 0x09,
          0x62: 0x08,
          0x66: 0x0c,
        };
        if (escapes[next] !== undefined) out.push(escapes[next]);
        else if (next >= 0x30 && next <= 0x37) {
          let octal = next - 0x30;
          for (
            let i = 0;
            i < 2 && (this.peek() ?? 0) >= 0x30 && (this.peek() ?? 0) <= 0x37;
            i += 1
          ) {
            octal = octal * 8 + ((this.peek() ?? 0x30) - 0x30);
            this.position += 1;
          }
          out.push(octal & 0xff);
        } else if (next === 0x0d) {
          if (this.peek() === 0x0a) this.position += 1;
        } else if (next !== 0x0a) out.push(next);
      } else if (byte === 0x28) {
        depth += 1;
        out.push(byte);
      } else if (byte === 0x29) {
        depth -= 1;
        if (depth === 0) return new PdfString(Buffer.from(out), false);
        out.push(byte);
      } else out.push(byte);
    }
  }

  private readHexString(): PdfString {
    this.position += 1;
    const end = this.buffer.indexOf(0x3e, this.position);
    if (end === -1) throw new PdfError('unterminated hex string');
    const hex = this.buffer.toString('latin1', this.position, end).replace(/\s+/g, '');
    this.position = end + 1;
    return new PdfString(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'), true);
  }

  /** Reads one object; 'n g R' becomes a PdfRef. */
  value(depth = 0): PdfValue {
    if (depth > maxDepth) throw new PdfError('objects nested too deeply');
    this.skipWhitespace();
    const byte = this.peek();
    if (byte === undefined) throw new PdfError('unexpected end of data');
    if (byte === 0x2f) return this.readName();
    if (byte === 0x28) return this.readLiteralString();
    if (byte === 0x3c && this.peek(1) === 0x3c) return this.readDict(depth);
    if (byte === 0x3c) return this.readHexString();
    if (byte === 0x5b) {
      this.position += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWhitespace();
        if (this.peek() === undefined) throw new PdfError('unterminated array');
        if (this.peek() === 0x5d) {
          this.position += 1;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    const word = this.token();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word))
      throw new PdfError(
        `unexpected '${word.slice(0, 20) || String.fromCharCode(byte)}' at ${this.position}`,
      );
    const number = Number(word);
    if (Number.isInteger(number) && number >= 0) {
      const saved = this.position;
      const generation = this.token();
      if (/^\d+$/.test(generation) && this.token() === 'R')
        return new PdfRef(number, Number(generation));
      this.position = saved;
    }
    return number;
  }

  private readDict(depth: number): PdfDict {
    this.position += 2;
    const dict: PdfDict = new Map();
    for (;;) {
      this.skipWhitespace();
      if (this.peek() === undefined) throw new PdfError('unterminated dictionary');
      if (this.peek() === 0x3e && this.peek(1) === 0x3e) {
        this.position += 2;
        return dict;
      }
      const key = this.value(depth + 1);
      if (!(key instanceof PdfName)) throw new PdfError('dictionary key is not a name');
      dict.set(key.name, this.value(depth + 1));
    }
  }
}
