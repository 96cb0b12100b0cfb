import { describe, expect, it } from 'vitest';
import { PdfDocument } from './document.ts';
import { bufferSource } from './source.ts';
import { PdfError, PdfRef } from './values.ts';

interface XrefStreamOptions {
  widths?: string;
  size?: string;
  index?: string;
  objectCount?: string;
}

/** A small PDF whose catalog (2) lies in an object stream (1), found by a cross-reference stream (3). */
function xrefStreamPdf(options: XrefStreamOptions = {}): Buffer {
  const { widths = '[1 4 2]', size = '4', index, objectCount = '1' } = options;
  const header = '%PDF-1.7\n';
  const data = '2 0 <</Type /Catalog>>';
  const objectStream = `1 0 obj\n<</Type /ObjStm /N ${objectCount} /First 4 /Length ${data.length}>>\nstream\n${data}\nendstream\nendobj\n`;
  const xrefAt = header.length + objectStream.length;
  const rows = Buffer.alloc(4 * 7);
  const row = (at: number, type: number, second: number, third: number) => {
    rows.writeUInt8(type, at * 7);
    rows.writeUInt32BE(second, at * 7 + 1);
    rows.writeUInt16BE(third, at * 7 + 5);
  };
  row(0, 0, 0, 0xffff);
  row(1, 1, header.length, 0);
  row(2, 2, 1, 0);
  row(3, 1, xrefAt, 0);
  const dict = `<</Type /XRef /Size ${size} /W ${widths}${index ? ` /Index ${index}` : ''} /Root 2 0 R /Length ${rows.length}>>`;
  return Buffer.concat([
    Buffer.from(`${header}${objectStream}3 0 obj\n${dict}\nstream\n`, 'latin1'),
    rows,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
  ]);
}

/** A small PDF with a classic cross-reference table; `table` replaces its entries. */
function classicPdf(table = '0 2\n0000000000 65535 f \n0000000009 00000 n \n'): Buffer {
  const body = '%PDF-1.7\n1 0 obj\n<</Type /Catalog>>\nendobj\n';
  return Buffer.from(
    `${body}xref\n${table}trailer\n<</Size 2 /Root 1 0 R>>\nstartxref\n${body.length}\n%%EOF\n`,
    'latin1',
  );
}

/** Opens the PDF and reads its catalog. */
async function openAndRead(bytes: Buffer): Promise<void> {
  const document = await PdfDocument.open(bufferSource(bytes));
  await document.getObject(new PdfRef(2, 0));
}

describe('PdfDocument on cross-reference streams', () => {
  it('reads an object out of an object stream the cross-reference stream points to', async () => {
    const document = await PdfDocument.open(bufferSource(xrefStreamPdf()));
    expect(await document.getObject(new PdfRef(2, 0))).toEqual(
      new Map([['Type', expect.objectContaining({ name: 'Catalog' })]]),
    );
  });

  it('refuses rows of zero bytes instead of looping over every declared entry', async () => {
    const bytes = xrefStreamPdf({ widths: '[0 0 0]', size: '8000000' });
    await expect(openAndRead(bytes)).rejects.toThrow(new PdfError('bad /W: rows of zero bytes'));
  });

  it('refuses an /Index asking for more rows than the stream holds, before reading any', async () => {
    const bytes = xrefStreamPdf({ index: '[0 4 100 5000000]' });
    await expect(openAndRead(bytes)).rejects.toThrow(/too short for its \/Index/);
  });

  it('refuses a /Size beyond what any PDF may number', async () => {
    await expect(openAndRead(xrefStreamPdf({ size: '99999999999' }))).rejects.toThrow(/bad \/Size/);
  });

  it('refuses an object stream whose /N its data cannot hold', async () => {
    await expect(openAndRead(xrefStreamPdf({ objectCount: '999999999' }))).rejects.toThrow(
      /object stream 1 has a bad \/N/,
    );
  });
});

describe('PdfDocument on cross-reference tables', () => {
  it('refuses a stray delimiter in a table instead of looping on it', async () => {
    const bytes = classicPdf('( 2\n0000000000 65535 f \n0000000009 00000 n \n');
    await expect(PdfDocument.open(bufferSource(bytes))).rejects.toThrow(
      /broken cross-reference table/,
    );
  });

  it('answers the next free object number from /Size and the entries alike', async () => {
    const document = await PdfDocument.open(bufferSource(classicPdf()));
    expect(document.size).toBe(2);
  });
});
