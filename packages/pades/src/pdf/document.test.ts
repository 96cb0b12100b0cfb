import { describe, expect, it } from 'vitest';
import {
  hybridField,
  hybridObjects,
  hybridReferencePdf,
} from '../../test/support/hybrid-reference.ts';
import { PdfDocument } from './document.ts';
import { bufferSource } from './source.ts';
import { lastStartxref } from './startxref.ts';
import { nameOf, PdfError, PdfRef, PdfString, type PdfValue } from './values.ts';

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

  it('refuses an entry whose offset a flipped byte made no number, as a PdfError', async () => {
    const bytes = classicPdf('0 2\n0000000000 65535 f \n00000x0009 00000 n \n');
    await expect(PdfDocument.open(bufferSource(bytes))).rejects.toThrow(
      /broken cross-reference entry/,
    );
  });

  it('answers the next free object number from /Size and the entries alike', async () => {
    const document = await PdfDocument.open(bufferSource(classicPdf()));
    expect(document.size).toBe(2);
  });
});

describe('PdfDocument on bytes after %%EOF', () => {
  it.each([
    ['a NUL', Buffer.from([0])],
    ['a line of text and NULs', Buffer.from('\r\n-- sent by a scanner --\0\0\0', 'latin1')],
    [
      '3 KB of binary garbage',
      Buffer.from(Array.from({ length: 3000 }, (_, index) => index % 251)),
    ],
  ])('reads a file followed by %s, as PDF readers do', async (_label, garbage) => {
    const document = await PdfDocument.open(bufferSource(Buffer.concat([classicPdf(), garbage])));
    expect(document.startxref).toBe(classicPdf().indexOf('xref\n'));
    expect(field(await document.getObject(new PdfRef(1, 0)), 'Type')).toBe('Catalog');
  });

  it('reads the last startxref, without %%EOF, and refuses a file whose tail has none', async () => {
    const bytes = classicPdf().toString('latin1').replace('%%EOF\n', '');
    const document = await PdfDocument.open(bufferSource(Buffer.from(`${bytes}\0\0`, 'latin1')));
    expect(document.startxref).toBe(classicPdf().indexOf('xref\n'));
    const buried = Buffer.concat([classicPdf(), Buffer.alloc(5000, 0x20)]);
    await expect(PdfDocument.open(bufferSource(buried))).rejects.toThrow(
      new PdfError('no startxref at the end of the file'),
    );
  });
});

describe('lastStartxref', () => {
  it('takes the last offset named, whatever follows it', () => {
    expect(lastStartxref('startxref\n10\n%%EOF\nstartxref\r\n 250\r%%EOF\0garbage')).toBe(250);
    expect(lastStartxref(Buffer.from('startxref\0 7', 'latin1'))).toBe(7);
    expect(lastStartxref('startxref\n%%EOF\n')).toBeUndefined();
  });
});

describe('PdfDocument.getObjectText', () => {
  it('answers an object exactly as written, in the file and in an object stream', async () => {
    const classic = '%PDF-1.7\n1 0 obj\n<</Type/Catalog/X 0.123456789>>\nendobj\n';
    const bytes = Buffer.from(
      `${classic}xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<</Size 2 /Root 1 0 R>>\nstartxref\n${classic.length}\n%%EOF\n`,
      'latin1',
    );
    const document = await PdfDocument.open(bufferSource(bytes));
    expect((await document.getObjectText(new PdfRef(1, 0))).toString('latin1')).toBe(
      '<</Type/Catalog/X 0.123456789>>',
    );
    const streams = await PdfDocument.open(bufferSource(xrefStreamPdf()));
    expect((await streams.getObjectText(new PdfRef(2, 0))).toString('latin1')).toBe(
      '<</Type /Catalog>>',
    );
    await expect(streams.getObjectText(new PdfRef(1, 0))).rejects.toThrow(/is a stream/);
    await expect(streams.getObjectText(new PdfRef(9, 0))).rejects.toThrow(/missing/);
  });
});

/** A dictionary's entry as text (a name, a string's bytes, a reference or array printed). */
function field(value: PdfValue, key: string): string | undefined {
  if (!(value instanceof Map)) return undefined;
  const item = value.get(key);
  if (item instanceof PdfString) return item.bytes.toString('latin1');
  return nameOf(item) ?? String(item);
}

/** The file's last startxref offset. */
const startxrefOf = (bytes: Buffer) =>
  Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(bytes.toString('latin1'))?.[1]);

/** Where 'num 0 obj' begins. */
const objectAt = (bytes: Buffer, num: number) => bytes.indexOf(`\n${num} 0 obj`) + 1;

describe('PdfDocument on hybrid-reference files (ISO 32000-1 §7.5.8.4)', () => {
  it.each([
    ['free in the table', {}],
    ['absent from the table', { compressedInTable: 'absent' as const }],
    ['free in the table, streams not deflated', { deflate: false }],
  ])(
    'resolves the objects of an object stream that the table gives as %s from /XRefStm',
    async (_label, options) => {
      const document = await PdfDocument.open(bufferSource(hybridReferencePdf(options)));
      expect(document.xrefForm).toBe('table');
      expect(document.entries.get(hybridObjects.page)).toEqual({
        type: 'compressed',
        stream: hybridObjects.objectStream,
        index: 1,
      });
      const read = (num: number) => document.getObject(new PdfRef(num, 0));
      expect(field(await read(hybridObjects.pages), 'Type')).toBe('Pages');
      expect(field(await read(hybridObjects.page), 'Type')).toBe('Page');
      expect(field(await read(hybridObjects.font), 'BaseFont')).toBe('Helvetica');
      expect(field(await read(hybridObjects.acroForm), 'Fields')).toBe(
        `${hybridObjects.field} 0 R`,
      );
      expect(field(await read(hybridObjects.field), 'T')).toBe(hybridField.name);
      // The ordinary objects still come from the table.
      expect(field(await read(hybridObjects.catalog), 'Type')).toBe('Catalog');
      expect(document.size).toBe(11);
    },
  );

  it("never lets an older section's hidden stream override a newer section's entries", async () => {
    const original = hybridReferencePdf();
    const fontAt = original.length;
    const font = '5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>\nendobj\n';
    const tableAt = fontAt + font.length;
    const update =
      `${font}xref\n0 1\n0000000000 65535 f \n5 1\n${String(fontAt).padStart(10, '0')} 00000 n \n` +
      `7 1\n0000000000 00001 f \ntrailer\n<< /Size 11 /Root 1 0 R /Prev ${startxrefOf(original)} >>\n` +
      `startxref\n${tableAt}\n%%EOF\n`;
    const bytes = Buffer.concat([original, Buffer.from(update, 'latin1')]);
    const document = await PdfDocument.open(bufferSource(bytes));
    expect(field(await document.getObject(new PdfRef(5, 0)), 'BaseFont')).toBe('Courier');
    expect(await document.getObject(new PdfRef(hybridObjects.field, 0))).toBeNull();
    // Objects the newer section does not list still come from the older hidden stream.
    expect(field(await document.getObject(new PdfRef(hybridObjects.page, 0)), 'Type')).toBe('Page');
  });

  it('refuses an /XRefStm that points at a stream other than a cross-reference stream', async () => {
    const original = hybridReferencePdf();
    // The trailer follows the table, so changing its length moves no offset.
    const broken = original
      .toString('latin1')
      .replace(/\/XRefStm \d+/, `/XRefStm ${objectAt(original, hybridObjects.content)}`);
    await expect(PdfDocument.open(bufferSource(Buffer.from(broken, 'latin1')))).rejects.toThrow(
      new PdfError('/XRefStm points at no cross-reference stream'),
    );
  });

  it('refuses an /XRefStm that points at a cross-reference table', async () => {
    const original = hybridReferencePdf();
    const previous = startxrefOf(original);
    const update =
      `xref\n0 0\ntrailer\n<< /Size 11 /Root 1 0 R /Prev ${previous} /XRefStm ${previous} >>\n` +
      `startxref\n${original.length}\n%%EOF\n`;
    const bytes = Buffer.concat([original, Buffer.from(update, 'latin1')]);
    await expect(PdfDocument.open(bufferSource(bytes))).rejects.toThrow(
      new PdfError('/XRefStm points at no cross-reference stream'),
    );
  });
});
