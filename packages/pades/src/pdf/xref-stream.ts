import { numberOf, PdfError, type PdfDict, type PdfValue } from './values.ts';
import type { XrefEntry } from './xref-entry.ts';

/** The most object numbers a file may use (ISO 32000-1 Annex C: 8,388,607 indirect objects). */
export const maxObjectNumber = 8_388_608;

/** A non-negative whole number, or undefined. */
const count = (value: PdfValue | undefined) => {
  const number = numberOf(value);
  return number !== undefined && Number.isInteger(number) && number >= 0 ? number : undefined;
};

/** The subsections [first, count, ...] of a cross-reference stream, checked against its size. */
function subsections(dict: PdfDict, rows: number): Array<[number, number]> {
  const size = count(dict.get('Size'));
  if (size === undefined || size > maxObjectNumber) throw new PdfError('bad /Size');
  const raw = dict.get('Index');
  const index = raw === undefined ? [0, size] : Array.isArray(raw) ? raw.map(count) : [];
  if (index.length === 0 || index.length % 2 !== 0) throw new PdfError('bad /Index');
  const pairs: Array<[number, number]> = [];
  let total = 0;
  for (let at = 0; at < index.length; at += 2) {
    const first = index[at];
    const length = index[at + 1];
    if (first === undefined || length === undefined || first + length > maxObjectNumber)
      throw new PdfError('bad /Index');
    total += length;
    pairs.push([first, length]);
  }
  // Every entry needs a row: a count the data cannot hold is refused before any loop runs.
  if (total > rows) throw new PdfError('cross-reference stream too short for its /Index');
  return pairs;
}

/**
 * Reads the rows of a cross-reference stream (ISO 32000-1 §7.5.8) into `remember`; refuses
 * zero-width rows and entry counts its data cannot hold, so the work is bounded by its size.
 */
export function readXrefStreamEntries(
  dict: PdfDict,
  data: Buffer,
  remember: (num: number, entry: XrefEntry) => void,
): void {
  const widths = dict.get('W');
  if (!Array.isArray(widths) || widths.length !== 3)
    throw new PdfError('cross-reference stream without /W');
  const [w0, w1, w2] = widths.map((width) => count(width) ?? -1) as [number, number, number];
  if ([w0, w1, w2].some((width) => width < 0 || width > 8)) throw new PdfError('bad /W');
  const rowLength = w0 + w1 + w2;
  if (rowLength === 0) throw new PdfError('bad /W: rows of zero bytes');
  const field = (row: number, at: number, width: number, fallback: number) => {
    if (width === 0) return fallback;
    let value = 0;
    for (let i = 0; i < width; i += 1) value = value * 256 + (data[row * rowLength + at + i] ?? 0);
    return value;
  };
  let row = 0;
  for (const [first, length] of subsections(dict, Math.floor(data.length / rowLength))) {
    for (let i = 0; i < length; i += 1, row += 1) {
      const type = field(row, 0, w0, 1);
      const second = field(row, w0, w1, 0);
      const third = field(row, w0 + w1, w2, 0);
      if (type === 1) remember(first + i, { type: 'offset', offset: second, gen: third });
      else if (type === 2)
        remember(first + i, { type: 'compressed', stream: second, index: third });
      else remember(first + i, { type: 'offset', offset: -1, gen: third });
    }
  }
}
