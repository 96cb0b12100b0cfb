import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeStream } from './filters.ts';
import { PdfName, PdfError, type PdfDict } from './values.ts';

const flate: PdfDict = new Map([['Filter', new PdfName('FlateDecode')]]);
const data = deflateSync(Buffer.from('1 0 2 20 << /Type /Catalog >> << /Type /Pages >>'));

describe('decodeStream on damaged compressed data', () => {
  it('answers a PdfError when a flipped byte breaks the data (zlib Z_DATA_ERROR)', () => {
    // The last byte belongs to the Adler-32 check sum.
    const damaged = Buffer.concat([
      data.subarray(0, -1),
      Buffer.from([~(data.at(-1) ?? 0) & 0xff]),
    ]);
    expect(() => decodeStream(flate, damaged)).toThrow(PdfError);
    expect(() => decodeStream(flate, damaged)).toThrow(/Z_DATA_ERROR/);
  });

  it('answers a PdfError when the data is cut short (zlib Z_BUF_ERROR)', () => {
    const cut = data.subarray(0, Math.floor(data.length / 2));
    expect(() => decodeStream(flate, cut)).toThrow(PdfError);
    expect(() => decodeStream(flate, cut)).toThrow(/Z_BUF_ERROR/);
  });

  it('still decodes data that is whole', () => {
    expect(decodeStream(flate, data).toString('latin1')).toContain('/Type /Pages');
  });
});
