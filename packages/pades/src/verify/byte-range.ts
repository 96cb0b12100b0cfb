import type { PdfDocument } from '../pdf/document.ts';
import { isFreeEntry } from '../pdf/xref-entry.ts';
import { Lexer } from '../pdf/lexer.ts';
import { numberOf, PdfName, type PdfDict, type PdfRef } from '../pdf/values.ts';

/** A signature's /ByteRange read and checked. */
export interface ByteRangeCheck {
  /** [start, length, start, length]; null when unusable. */
  ranges: [number, number, number, number] | null;
  /** Where the unsigned gap (the /Contents) begins and ends, and where the signed bytes end. */
  gapStart: number;
  gapEnd: number;
  end: number;
  problems: string[];
}

const margin = 64 * 1024;
const maxDictionaryBytes = 64 * 1024 * 1024;

/** Where the value of the last /Contents key of the dictionary object at `offset` lies, or null. */
async function locateContents(document: PdfDocument, offset: number, gapEnd: number) {
  const length = gapEnd - offset + margin;
  if (gapEnd < offset || length > maxDictionaryBytes) return null;
  const buffer = await document.source.read(offset, length);
  const lexer = new Lexer(buffer);
  const at = (index: number) => buffer[lexer.position + index];
  try {
    lexer.token();
    lexer.token();
    lexer.expectKeyword('obj');
    lexer.skipWhitespace();
    if (at(0) !== 0x3c || at(1) !== 0x3c) return null;
    lexer.position += 2;
    let found: { start: number; end: number } | null = null;
    for (;;) {
      lexer.skipWhitespace();
      if (at(0) === 0x3e && at(1) === 0x3e) return found;
      const key = lexer.value();
      if (!(key instanceof PdfName)) return null;
      lexer.skipWhitespace();
      const start = lexer.position;
      lexer.value();
      if (key.name === 'Contents') found = { start: offset + start, end: offset + lexer.position };
    }
  } catch {
    return null;
  }
}

/**
 * Checks a signature's /ByteRange: four whole numbers inside the file, starting at byte 0,
 * whose one gap is exactly the /Contents string of this signature dictionary (`ref`).
 */
export async function checkByteRange(
  document: PdfDocument,
  ref: PdfRef | null,
  dict: PdfDict,
): Promise<ByteRangeCheck> {
  const raw = await document.resolve(dict.get('ByteRange'));
  const numbers = Array.isArray(raw) ? raw.map((item) => numberOf(item) ?? -1) : [];
  const [first = -1, firstLength = -1, second = -1, secondLength = -1] = numbers;
  const gapStart = first + firstLength;
  const end = second + secondLength;
  if (
    numbers.length !== 4 ||
    numbers.some((item) => !Number.isInteger(item) || item < 0) ||
    second < gapStart ||
    end > document.source.size
  )
    return { ranges: null, gapStart: 0, gapEnd: 0, end: 0, problems: ['malformed /ByteRange'] };
  const problems: string[] = [];
  if (first !== 0) problems.push('the signed bytes do not start at the beginning of the file');
  const entry = ref ? document.entries.get(ref.num) : undefined;
  const located =
    entry?.type === 'offset' && !isFreeEntry(entry)
      ? await locateContents(document, entry.offset, second)
      : null;
  if (located?.start !== gapStart || located.end !== second)
    problems.push("the unsigned gap is not this signature dictionary's /Contents");
  return {
    ranges: [first, firstLength, second, secondLength],
    gapStart,
    gapEnd: second,
    end,
    problems,
  };
}
