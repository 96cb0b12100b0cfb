import { inflateSync } from 'node:zlib';
import { PdfError, nameOf, numberOf, isDict, type PdfDict, type PdfValue } from './values.ts';

const maxDecodedBytes = 256 * 1024 * 1024;

function paeth(a: number, b: number, c: number) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes the PNG predictors (ISO 32000-1 §7.4.4.4) used by cross-reference and object streams. */
function undoPngPredictor(data: Buffer, columns: number): Buffer {
  const rowLength = columns + 1;
  if (columns <= 0 || data.length % rowLength !== 0) throw new PdfError('bad predictor data');
  const rows = data.length / rowLength;
  const out = Buffer.alloc(rows * columns);
  for (let row = 0; row < rows; row += 1) {
    const filter = data[row * rowLength] ?? 0;
    for (let column = 0; column < columns; column += 1) {
      const raw = data[row * rowLength + 1 + column] ?? 0;
      const left = column > 0 ? (out[row * columns + column - 1] ?? 0) : 0;
      const up = row > 0 ? (out[(row - 1) * columns + column] ?? 0) : 0;
      const upLeft = row > 0 && column > 0 ? (out[(row - 1) * columns + column - 1] ?? 0) : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predicted === undefined) throw new PdfError(`unknown PNG predictor ${filter}`);
      out[row * columns + column] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

/** Inflates zlib data; damaged or cut-off data (zlib's Z_DATA_ERROR, Z_BUF_ERROR) is a PdfError. */
function inflate(data: Buffer): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: maxDecodedBytes });
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    throw new PdfError(`cannot decompress a stream: ${message ?? 'error'} (${code ?? 'zlib'})`);
  }
}

/** Decodes a stream's data; only what cross-reference and object streams use (Flate, predictors). */
export function decodeStream(dict: PdfDict, data: Buffer): Buffer {
  const filter = dict.get('Filter');
  const filters = Array.isArray(filter)
    ? filter.map(nameOf)
    : filter === undefined
      ? []
      : [nameOf(filter)];
  let out = data;
  for (const [index, name] of filters.entries()) {
    if (name !== 'FlateDecode') throw new PdfError(`unsupported filter ${name ?? '?'}`);
    out = inflate(out);
    const parameters: PdfValue | undefined = Array.isArray(dict.get('DecodeParms'))
      ? (dict.get('DecodeParms') as PdfValue[])[index]
      : dict.get('DecodeParms');
    if (isDict(parameters)) {
      const predictor = numberOf(parameters.get('Predictor')) ?? 1;
      if (predictor >= 10) out = undoPngPredictor(out, numberOf(parameters.get('Columns')) ?? 1);
      else if (predictor !== 1) throw new PdfError(`unsupported predictor ${predictor}`);
    }
  }
  return out;
}
